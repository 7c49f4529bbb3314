import type { DemoUser } from '../model';
import type { DemoCanvasState } from '../state';

/** What every serializer needs: the data, the absolute Canvas root URL, who is asking and when. */
export interface RenderContext {
  state: DemoCanvasState;
  /** Absolute URL of the Canvas root, mount prefix included, no trailing slash. */
  baseUrl: string;
  caller: DemoUser;
  now: Date;
}

export function avatarUrl(baseUrl: string): string {
  return `${baseUrl}/images/messages/avatar-50.png`;
}
