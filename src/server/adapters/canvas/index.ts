/** The one way the server talks to Canvas. */
export { createCanvasClient, type CanvasClientOptions } from './canvas-client';
export { normalizeCanvasUrl, assertCanvasUrlAllowed, type CanvasUrlPolicy } from './url-guard';
export type * from './port';
