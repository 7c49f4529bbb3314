import Fastify from 'fastify';
import { createDemoCanvasState, type DemoCanvasStateOptions } from './create-demo-canvas-state';
import { createDemoCanvasFaults, type DemoCanvasFaults, type RequestLogEntry } from './faults';
import { demoCanvasPlugin } from './plugin';
import type { DemoCanvasState } from './state';
import { DEMO_CANVAS_TOKEN } from './seed/tokens';

export interface StartDemoCanvasOptions extends DemoCanvasStateOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Serve this state instead of building one from the other options. */
  state?: DemoCanvasState;
  faults?: DemoCanvasFaults;
}

export interface RunningDemoCanvas {
  /** e.g. http://127.0.0.1:41234, no trailing slash; the API is at `${baseUrl}/api/v1/...`. */
  baseUrl: string;
  token: string;
  state: DemoCanvasState;
  faults: DemoCanvasFaults;
  requestLog: RequestLogEntry[];
  close(): Promise<void>;
}

/** Runs the demo Canvas on its own Fastify server (tests, benchmarks, local tinkering). */
export async function startDemoCanvas(options: StartDemoCanvasOptions = {}): Promise<RunningDemoCanvas> {
  const state = options.state ?? createDemoCanvasState(options);
  const faults = options.faults ?? createDemoCanvasFaults();
  // Closing must not wait for keep-alive connections a client left open.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(demoCanvasPlugin, { state, faults });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    baseUrl: `http://${host}:${port}`,
    token: DEMO_CANVAS_TOKEN,
    state,
    faults,
    requestLog: faults.requestLog,
    close: async () => {
      await app.close();
    },
  };
}
