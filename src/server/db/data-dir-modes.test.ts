// The embedded database and the secret under DATA_DIR are their owner's alone, as the server runs them.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepPrivate } from './connection';

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
function newFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'margin-modes-'));
  folders.push(folder);
  return folder;
}

/** Every file and folder under `folder` whose mode is not 0600 (files) or 0700 (folders). */
function tooOpen(folder: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stat = statSync(entry);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) found.push(`${entry} ${mode.toString(8)}`);
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    } else if (mode !== 0o600) found.push(`${entry} ${mode.toString(8)}`);
  };
  visit(folder);
  return found;
}

describe('files under DATA_DIR', () => {
  it('keepPrivate narrows folders to 0700 and files to 0600', () => {
    const folder = newFolder();
    mkdirSync(path.join(folder, 'db', 'base'), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(folder, 'db', 'base', '1261'), 'x', { mode: 0o666 });
    chmodSync(path.join(folder, 'db', 'base', '1261'), 0o666);
    writeFileSync(path.join(folder, 'app-secret'), 'x', { mode: 0o644 });
    expect(tooOpen(folder).length).toBeGreaterThan(0);
    keepPrivate(folder);
    expect(tooOpen(folder)).toEqual([]);
  });

  it('are 0600, and folders 0700, once the server has started on an embedded database', async () => {
    const dataDir = path.join(newFolder(), 'data');
    const port = Number(process.env.PORT ?? 4200) + 5;
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        DEMO_CANVAS: 'false',
      },
      stdio: 'ignore',
    });
    try {
      const deadline = Date.now() + 150_000;
      let isUp = false;
      while (!isUp && Date.now() < deadline && server.exitCode === null) {
        isUp = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (response) => response.ok,
          () => false,
        );
        if (!isUp) await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(isUp).toBe(true);
      const secret = statSync(path.join(dataDir, 'app-secret'));
      expect(secret.mode & 0o777).toBe(0o600);
      expect(readdirSync(path.join(dataDir, 'db')).length).toBeGreaterThan(5);
      expect(tooOpen(dataDir)).toEqual([]);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
    }
  }, 180_000);
});
