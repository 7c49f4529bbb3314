import type { FastifyInstance, FastifyReply } from 'fastify';
import { idParam, stringParam, type Params } from '../http/params';
import type { EnrollmentType } from '../model';
import { escapeHtml, layout } from './html-pages';
import type { DemoRouteContext } from './route-context';

const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
const ROLE_OF: Partial<Record<EnrollmentType, string[]>> = {
  teacher: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
  ta: [
    'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
    'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  ],
  student: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
  observer: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor'],
  designer: ['http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper'],
};

/**
 * Launches a real Canvas never sends, offered on the course page so that Margin's refusals can be
 * seen (and tested) in a browser. The kind rides in `lti_message_hint` after the course id, which
 * Margin hands back unchanged to the authorization endpoint.
 */
const BROKEN_LAUNCHES = {
  'wrong-key': 'signed with a key this Canvas does not publish',
  'wrong-audience': 'meant for another tool',
  expired: 'that expired an hour ago',
  'unknown-deployment': 'from a deployment Margin does not know',
} as const;
type BrokenLaunch = keyof typeof BROKEN_LAUNCHES;
const isBrokenLaunch = (value: string | undefined): value is BrokenLaunch =>
  value !== undefined && Object.hasOwn(BROKEN_LAUNCHES, value);

/**
 * Canvas as an LTI 1.3 platform (shared/reference/canvas-api.md, LTI): its JWKS, the OIDC
 * authorization endpoint that answers with the signed id_token as an auto-submitted form post, and
 * a course page with Margin in its navigation, launching as the course's teacher or a student.
 */
export function registerLtiRoutes(app: FastifyInstance, context: DemoRouteContext): void {
  const { state } = context;
  const { lti } = state;
  const send = (reply: FastifyReply, title: string, body: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').send(layout(title, body));

  app.get('/api/lti/security/jwks', async () => lti.jwks());

  app.get('/lti/auto-submit.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send('document.forms[0].submit();\n'),
  );

  const authorize = async (params: Params, base: string, reply: FastifyReply) => {
    const value = (name: string) => stringParam(params, name);
    const redirectUri = value('redirect_uri');
    if (value('client_id') !== lti.clientId)
      return send(reply, 'Unknown LTI key', '<p>The demo Canvas has no LTI key with this client id.</p>', 400);
    const expected = lti.toolUrl ? `${lti.toolUrl}/api/lti/launch` : undefined;
    if (!redirectUri || (expected !== undefined && redirectUri !== expected))
      return send(reply, 'Invalid redirect_uri', '<p>The redirect URI is not one of the LTI key’s.</p>', 400);
    if (value('response_type') !== 'id_token' || value('scope') !== 'openid' || !value('nonce'))
      return send(
        reply,
        'Invalid request',
        '<p>An LTI launch asks for an id_token with scope openid and a nonce.</p>',
        400,
      );
    const user = state.users.get(Number(value('login_hint')));
    const [courseHint, brokenHint] = (value('lti_message_hint') ?? '').split(':');
    const courseId = Number(courseHint);
    const broken = isBrokenLaunch(brokenHint) ? brokenHint : null;
    const now = Math.floor(Date.now() / 1000);
    const course = state.courses.get(courseId);
    const enrollment = state.enrollmentsInCourse(courseId).find((entry) => entry.userId === user?.id);
    if (!user || !course || !enrollment)
      return send(reply, 'Not enrolled', '<p>This user is not enrolled in that course.</p>', 403);
    const audience = broken === 'wrong-audience' ? '10000000000099' : lti.clientId;
    const claims = {
      iss: base,
      aud: audience,
      azp: audience,
      ...(broken === 'expired' ? { iat: now - 7200, exp: now - 3600 } : {}),
      sub: `demo-lti-user-${user.id}`,
      nonce: value('nonce'),
      name: user.name,
      email: user.email,
      [`${CLAIM}message_type`]: 'LtiResourceLinkRequest',
      [`${CLAIM}version`]: '1.3.0',
      [`${CLAIM}deployment_id`]:
        broken === 'unknown-deployment' ? '99:an-installation-margin-never-saw' : lti.deploymentId,
      [`${CLAIM}target_link_uri`]: redirectUri,
      [`${CLAIM}resource_link`]: { id: `course-navigation-${course.id}`, title: 'Margin' },
      [`${CLAIM}roles`]: ROLE_OF[enrollment.type] ?? [],
      [`${CLAIM}context`]: { id: course.uuid, label: course.courseCode, title: course.name },
      [`${CLAIM}custom`]: { canvas_course_id: String(course.id), canvas_user_id: String(user.id) },
      [`${CLAIM}tool_platform`]: { guid: 'demo-canvas', name: 'Demo Canvas', product_family_code: 'canvas' },
    };
    const idToken = broken === 'wrong-key' ? await lti.signWithUnpublishedKey(claims) : await lti.sign(claims);
    const hidden = (name: string, field: string) => `<input type="hidden" name="${name}" value="${escapeHtml(field)}">`;
    return send(
      reply,
      'Opening Margin',
      `<form method="post" action="${escapeHtml(redirectUri)}">${hidden('id_token', idToken)}${hidden('state', value('state') ?? '')}
       <button type="submit">Continue to Margin</button></form><script src="${base}/lti/auto-submit.js"></script>`,
    );
  };
  app.get('/api/lti/authorize_redirect', async (request, reply) =>
    authorize(context.query(request), context.baseUrl(request), reply),
  );
  app.post('/api/lti/authorize_redirect', async (request, reply) =>
    authorize(context.params(request), context.baseUrl(request), reply),
  );

  /** Margin in the course navigation: the form Canvas posts to the tool's login initiation URL. */
  app.get<{ Params: { courseId: string } }>('/courses/:courseId/external_tools/margin', async (request, reply) => {
    const course = state.courses.get(idParam(request.params.courseId));
    if (!course) return send(reply, 'Page not found', '<p>There is no such course in the demo Canvas.</p>', 404);
    const base = context.baseUrl(request);
    if (!lti.toolUrl) return send(reply, 'Margin', '<p>Margin is not installed in this demo Canvas.</p>', 404);
    const enrolled = state.enrollmentsInCourse(course.id);
    const teacher = enrolled.find((entry) => entry.type === 'teacher');
    const student = enrolled.find((entry) => entry.type === 'student');
    const launchAs = (userId: number | undefined, label: string, broken?: BrokenLaunch) => {
      const user = userId === undefined ? undefined : state.users.get(userId);
      if (!user) return '';
      const field = (name: string, value: string) =>
        `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
      return `<form method="post" action="${escapeHtml(`${lti.toolUrl}/api/lti/login`)}">
        ${field('iss', base)}${field('login_hint', String(user.id))}${field('target_link_uri', `${lti.toolUrl}/api/lti/launch`)}
        ${field('lti_message_hint', broken ? `${course.id}:${broken}` : String(course.id))}${field('client_id', lti.clientId)}${broken === 'unknown-deployment' ? '' : field('lti_deployment_id', lti.deploymentId)}
        ${field('canvas_environment', 'prod')}
        <button type="submit">${escapeHtml(label)} (${escapeHtml(user.name)})</button></form>`;
    };
    return send(
      reply,
      `${course.name}: Margin`,
      `<p>Margin is in this course’s navigation. Canvas signs you in to it with LTI 1.3.</p>
       ${launchAs(teacher?.userId, 'Open Margin as the teacher')}
       ${launchAs(student?.userId, 'Open Margin as a student')}
       <h2>Launches Canvas would never send</h2><p>To see how Margin refuses them: an id_token</p>
       ${(Object.keys(BROKEN_LAUNCHES) as BrokenLaunch[])
         .map((kind) => launchAs(teacher?.userId, `Open Margin with an id_token ${BROKEN_LAUNCHES[kind]}`, kind))
         .join('')}
       <h2>Set up</h2><p>An institution’s Margin administrator enters, in Margin: the Canvas address <code>${escapeHtml(base)}</code>,
       the LTI key’s client id <code>${escapeHtml(lti.clientId)}</code> and the deployment id <code>${escapeHtml(lti.deploymentId)}</code>.</p>`,
    );
  });
}
