import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import { serverBuildOptions } from '../../../scripts/build-server';

/** True when DATABASE_URL names a Postgres server (the embedded database cannot be shared by processes). */
export function postgresServerUrl(): string | null {
  const url = process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : null;
}

/** A fresh database on the server of `serverUrl`, dropped by `drop()`. */
export async function createServerDatabase(serverUrl: string, prefix = 'margin_instances') {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Builds the server as `npm run build:server` does, into its own folder under dist/. */
export async function buildServer(label: string) {
  const outdir = path.resolve('dist', `${label}-${process.pid}`);
  await build(serverBuildOptions({ outdir }));
  return { main: path.join(outdir, 'main.js'), remove: () => rmSync(outdir, { recursive: true, force: true }) };
}

export type Instance = {
  address: string;
  process: ChildProcess;
  /** Everything the process wrote, for a failure message. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
  kill(signal?: NodeJS.Signals): Promise<number | string | null>;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the built server as its own process and waits until `readyPath` (/readyz) says it takes work. */
export async function startInstance(
  main: string,
  env: Record<string, string>,
  readyPath = '/readyz',
): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const address = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the instance exited at start:\n${output}`);
    const ready = await fetch(`${address}${readyPath}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the instance did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    address,
    process: child,
    output: () => output,
    exited,
    kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A teacher signed up and in on `address`, connected to `canvas`, through the HTTP API. */
export async function connectedTeacherOver(address: string, canvas: { baseUrl: string; token: string }) {
  const email = `teacher-${randomBytes(4).toString('hex')}@school.test`;
  const json = { 'content-type': 'application/json' };
  const signUp = await fetch(`${address}/api/auth/sign-up`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: 'correct horse battery', fullName: 'Toni Morrison' }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${await signUp.text()}`);
  const signIn = await fetch(`${address}/api/auth/sign-in`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  const { session } = (await signIn.json()) as { session: { access_token: string } };
  const headers = { authorization: `Bearer ${session.access_token}` };
  const connected = await fetch(`${address}/api/canvas/connection`, {
    method: 'PUT',
    headers: { ...headers, ...json },
    body: JSON.stringify({ canvasUrl: canvas.baseUrl, canvasToken: canvas.token }),
  });
  if (!connected.ok) throw new Error(`connecting Canvas failed: ${await connected.text()}`);
  return { headers };
}
