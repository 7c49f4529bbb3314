import type { DemoUser } from '../model';
import { avatarUrl, type RenderContext } from './render-context';

/** `user_json` with the avatar, as embedded in submissions (`include[]=user`). */
export function userJson(context: RenderContext, user: DemoUser): Record<string, unknown> {
  return {
    id: user.id,
    name: user.name,
    created_at: user.createdAt,
    sortable_name: user.sortableName,
    short_name: user.shortName,
    ...(user.pronouns ? { pronouns: user.pronouns } : {}),
    avatar_url: avatarUrl(context.baseUrl),
  };
}

/** `GET /users/self`: `user_json` with the includes Canvas always applies for the caller. */
export function selfJson(context: RenderContext, user: DemoUser): Record<string, unknown> {
  return {
    ...userJson(context, user),
    locale: null,
    effective_locale: 'en',
    email: user.email,
    permissions: { can_update_name: true, can_update_avatar: true, limit_parent_app_web_access: false },
  };
}

/** `GET /users/self/profile`. */
export function profileJson(context: RenderContext, user: DemoUser): Record<string, unknown> {
  return {
    id: user.id,
    name: user.name,
    short_name: user.shortName,
    sortable_name: user.sortableName,
    login_id: user.email,
    avatar_url: avatarUrl(context.baseUrl),
    integration_id: null,
    pronouns: user.pronouns,
    title: null,
    bio: null,
    pronunciation: null,
    primary_email: user.email,
    time_zone: user.timeZone,
    locale: null,
    effective_locale: 'en',
    calendar: { ics: `${context.baseUrl}/feeds/calendars/user_${user.id}.ics` },
    k5_user: false,
    use_classic_font_in_k5: false,
  };
}

/** Canvas's `UserDisplay`, used for comment authors and discussion participants. */
export function userDisplayJson(context: RenderContext, user: DemoUser, courseId: number): Record<string, unknown> {
  return {
    id: user.id,
    anonymous_id: anonymousIdOf(user.id),
    display_name: user.name,
    avatar_image_url: avatarUrl(context.baseUrl),
    html_url: `${context.baseUrl}/courses/${courseId}/users/${user.id}`,
    pronouns: user.pronouns,
  };
}

/** Canvas's short base-36 anonymous ids; derived from the user id so they are stable. */
function anonymousIdOf(userId: number): string {
  return ((userId * 2654435761) % 46656).toString(36).padStart(3, '0');
}
