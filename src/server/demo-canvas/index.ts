/**
 * The built-in demo Canvas: a Canvas-compatible HTTP API with sample courses, used as the demo for
 * new users and as the test bed for the Canvas client.
 */
export {
  DEMO_CANVAS_TOKEN,
  DEMO_CANVAS_TA_TOKEN,
  DEMO_CANVAS_EXPIRED_TOKEN,
  DEMO_CANVAS_REVOKED_TOKEN,
  DEMO_CANVAS_CLIENT_ID,
  DEMO_CANVAS_CLIENT_SECRET,
} from './seed/tokens';
export type { DemoDeveloperKey, DemoOAuthGrant, IssuedToken } from './domain/oauth';
export { DEMO_LTI_CLIENT_ID, DEMO_LTI_DEPLOYMENT_ID, type DemoLti } from './domain/lti';
export { DEMO_TEACHER_ID, DEMO_TA_ID } from './seed/seed-people';
export { createDemoCanvasState, type DemoCanvasStateOptions } from './create-demo-canvas-state';
export type { DemoCanvasScenario } from './seed/scenario-seed';
export { LARGE_CLASS_COURSE_NAME, type DemoLargeClass } from './seed/large-class-seed';
export { DemoCanvasState } from './state';
export { createDemoCanvasFaults, type DemoCanvasFaults, type RequestLogEntry } from './faults';
export { demoCanvasPlugin, type DemoCanvasPluginOptions } from './plugin';
export { startDemoCanvas, type RunningDemoCanvas, type StartDemoCanvasOptions } from './start-demo-canvas';
export { RATE_LIMIT_EXCEEDED_BODY } from './http/canvas-errors';
export type { ThrottleSettings } from './http/throttle';
