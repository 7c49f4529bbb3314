/** The one way the server talks to Canvas. */
export { createCanvasClient, type CanvasClientOptions } from './canvas-client';
export { createCanvasNetwork, PrivateAddressAtConnectError, type CanvasNetwork } from './canvas-network';
export { normalizeCanvasUrl, assertCanvasUrlAllowed, type CanvasUrlPolicy } from './url-guard';
export type * from './port';
export {
  createCanvasOAuthClient,
  revokeCanvasToken,
  CanvasGrantRefused,
  MARGIN_CANVAS_SCOPES,
  type CanvasDeveloperKey,
  type CanvasOAuthClient,
  type IssuedCanvasToken,
} from './canvas-oauth';
