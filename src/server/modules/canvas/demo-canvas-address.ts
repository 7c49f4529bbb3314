import type { Config } from '@/server/config';

export const DEMO_CANVAS_PREFIX = '/demo-canvas';

/** The demo Canvas's address as teachers see it (and as it is stored in their profile). */
export function demoCanvasPublicUrl(config: Config): string {
  return `${config.publicUrl}${DEMO_CANVAS_PREFIX}`;
}

/**
 * Where the server itself reaches the built-in demo Canvas: its own port on loopback, whatever
 * PUBLIC_URL says (behind a proxy the public address may not even resolve from inside).
 */
export function demoCanvasInternalUrl(config: Config): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return `http://${hostPart}:${config.port}${DEMO_CANVAS_PREFIX}`;
}
