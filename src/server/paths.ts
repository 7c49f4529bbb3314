import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project root, found by walking up to package.json, so paths work the same from src/
 * (tsx, tests) and from dist/ (the built server).
 */
export const projectRoot = findProjectRoot(import.meta.dirname);

function findProjectRoot(from: string): string {
  let directory = from;
  for (;;) {
    if (existsSync(path.join(directory, 'package.json')) && existsSync(path.join(directory, 'migrations')))
      return directory;
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`Could not find the project root above ${from}`);
    directory = parent;
  }
}

export const migrationsFolder = path.join(projectRoot, 'migrations');
export const clientDistFolder = path.join(projectRoot, 'dist', 'client');
