import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import {
  ltiLaunchRequestSchema,
  ltiLinkResultSchema,
  ltiLoginRequestSchema,
  ltiPendingLinkSchema,
} from '@/shared/schemas/lti';
import { AppError } from '@/server/core/app-error';
import { randomToken, sha256 } from '@/server/core/crypto';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import { currentUser, type Authenticate } from '@/server/modules/auth/authenticate';
import type { InstitutionStore } from '@/server/modules/institutions/institution-store';
import type { LtiStore } from './lti-store';
import { ltiPage } from './pages';
import { platformOf, type PlatformKeys } from './platform';
import { toolConfiguration } from './tool-configuration';
import { toolPublicKey } from './tool-key';
import { LtiRefusal, verifyLaunch, type VerifiedLaunch } from './verify-launch';

export type LtiRoutesOptions = {
  authenticate: Authenticate;
  store: LtiStore;
  institutions: InstitutionStore;
  platformKeys: PlatformKeys;
  /** Signs the browser in as a Margin account (the auth module's browser session). */
  startBrowserSession: (request: FastifyRequest, reply: FastifyReply, userId: string) => Promise<void>;
  audit: AuditWriter;
  /** Seals Margin's private tool key. */
  seal: (plaintext: string) => string;
  /** Signs the cookie of a first launch waiting to be linked. */
  linkKey: Uint8Array;
  publicUrl: string;
};

const STATE_COOKIE = 'margin_lti_state';
const LINK_COOKIE = 'margin_lti_link';
const COOKIE_PATH = '/api/lti';
/** The time from Canvas's login initiation to its launch: a few seconds in practice. */
const LOGIN_LIFETIME_SECONDS = 600;
/** Long enough to create an account and confirm its e-mail address. */
const LINK_LIFETIME_SECONDS = 3600;
const LINK_AUDIENCE = 'margin-lti-link';
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

const pendingLinkClaimsSchema = z.object({
  institutionId: z.string(),
  institutionName: z.string(),
  platformUserId: z.string(),
  canvasName: z.string().nullable(),
  canvasEmail: z.string().nullable(),
  courseId: z.string().nullable(),
  courseTitle: z.string().nullable(),
});
type PendingLink = z.infer<typeof pendingLinkClaimsSchema>;

/**
 * Margin as an LTI 1.3 tool (decision 064): its configuration for a Canvas LTI key, its public key,
 * the OIDC login initiation and the launch, and the one-time link of a Canvas instructor to her
 * Margin account. Everything but the link's confirmation is public: Canvas and the browser call it
 * before anyone is signed in to Margin, and the launch proves who it is with Canvas's signature.
 */
export const ltiRoutes: FastifyPluginAsyncZod<LtiRoutesOptions> = async (app, options) => {
  const { store, institutions, publicUrl } = options;
  const launchUrl = `${publicUrl}/api/lti/launch`;
  const isSecure = (request: FastifyRequest) => publicUrl.startsWith('https://') || request.protocol === 'https';
  const page = (reply: FastifyReply, status: number, ...args: Parameters<typeof ltiPage>) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(ltiPage(...args));

  // Canvas posts forms to the login and launch URLs; read here only.
  app.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get('/config.json', async () => toolConfiguration(publicUrl));

  app.get('/jwks', async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=3600');
    return { keys: [await toolPublicKey(store, options.seal)] };
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/login',
    handler: async (request, reply) => {
      const parsed = ltiLoginRequestSchema.safeParse(request.method === 'GET' ? request.query : request.body);
      if (!parsed.success)
        return page(reply, 400, 'This launch could not be read', [
          'Canvas’s sign-in request to Margin is incomplete (it needs iss, login_hint and client_id).',
          'Open Margin from the course navigation in Canvas again.',
        ]);
      const login = parsed.data;
      const institution = await institutions.byLtiClientId(login.client_id);
      if (!institution?.canvasUrl || !institution.ltiDeploymentId)
        return page(reply, 404, 'Margin is not set up for this Canvas LTI key', [
          `No institution on Margin has entered the LTI key with client id ${login.client_id}.`,
          'Your institution’s Margin administrator enters the client id and deployment id Canvas shows for Margin’s LTI key, with the Canvas address, in the institution’s settings.',
        ]);
      const platform = platformOf(institution.canvasUrl);
      if (login.iss !== platform.issuer)
        return page(reply, 400, 'This launch comes from another Canvas', [
          `The LTI key ${login.client_id} belongs to ${institution.name}, whose Canvas signs as ${platform.issuer}; this launch says it comes from ${login.iss}.`,
          'Your institution’s Margin administrator can check the Canvas address in the institution’s settings.',
        ]);
      const deploymentId = login.lti_deployment_id ?? login.deployment_id;
      if (deploymentId !== undefined && deploymentId !== institution.ltiDeploymentId)
        return page(reply, 403, 'This Canvas installation of Margin is not known', [
          `The launch comes from deployment “${deploymentId}”, which is not the deployment ${institution.name}’s administrator entered in Margin.`,
          'Ask them to check the deployment id in the institution’s settings.',
        ]);

      const state = randomToken();
      const nonce = randomToken();
      const now = new Date();
      await store.startLogin(
        {
          stateHash: sha256(state),
          nonce,
          institutionId: institution.id,
          expiresAt: new Date(now.getTime() + LOGIN_LIFETIME_SECONDS * 1000),
        },
        now,
      );
      // Canvas's launch is a cross-site form post: only a SameSite=None (so Secure) cookie comes back with it.
      void reply.setCookie(STATE_COOKIE, state, {
        httpOnly: true,
        secure: true,
        sameSite: 'none',
        path: COOKIE_PATH,
        maxAge: LOGIN_LIFETIME_SECONDS,
      });
      const target = new URL(platform.authorizeUrl);
      const query = {
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: login.client_id,
        redirect_uri: launchUrl,
        login_hint: login.login_hint,
        lti_message_hint: login.lti_message_hint,
        state,
        nonce,
      };
      for (const [name, value] of Object.entries(query)) if (value !== undefined) target.searchParams.set(name, value);
      return reply.redirect(target.toString(), 302);
    },
  });

  app.post('/launch', async (request, reply) => {
    const browserState = request.cookies[STATE_COOKIE];
    void reply.clearCookie(STATE_COOKIE, { httpOnly: true, secure: true, sameSite: 'none', path: COOKIE_PATH });
    const parsed = ltiLaunchRequestSchema.safeParse(request.body);
    if (!parsed.success)
      return page(reply, 400, 'This launch could not be read', [
        'Canvas’s launch of Margin came without its id_token or state.',
        'Open Margin from the course navigation in Canvas again.',
      ]);
    let launch: VerifiedLaunch;
    try {
      launch = await verifyLaunch(
        { store, institutions, platformKeys: options.platformKeys },
        { idToken: parsed.data.id_token, state: parsed.data.state, browserState },
      );
    } catch (error) {
      if (!(error instanceof LtiRefusal)) throw error;
      request.log.info({ refusal: error.title }, 'LTI launch refused');
      return page(reply, error.status, error.title, [error.detail]);
    }
    if (!launch.isInstructor)
      return page(reply, 200, 'Margin is for teachers', [
        launch.isLearner
          ? 'Thank you for stopping by. Margin helps your teachers give feedback on your work; there is nothing here for students to do.'
          : 'Margin helps a course’s instructors draft grades and feedback, and it opens only for them.',
        'Your work, grades and comments stay in Canvas, where you can see them as usual.',
      ]);

    const openPath = launch.courseId ? `/courses/${launch.courseId}` : '/courses';
    const userId = await store.linkedUser(launch.institutionId, launch.platformUserId);
    if (userId) {
      await options.startBrowserSession(request, reply, userId);
      await options.audit({
        userId,
        action: 'USER_SIGNED_IN_FROM_CANVAS',
        tableName: 'users',
        recordId: userId,
        newValues: { institution_id: launch.institutionId, course_id: launch.courseId },
      });
      return reply.redirect(openPath, 303);
    }
    const pending: PendingLink = {
      institutionId: launch.institutionId,
      institutionName: launch.institutionName,
      platformUserId: launch.platformUserId,
      canvasName: launch.name,
      canvasEmail: launch.email,
      courseId: launch.courseId,
      courseTitle: launch.courseTitle,
    };
    const ticket = await new SignJWT(pending)
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(LINK_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${LINK_LIFETIME_SECONDS}s`)
      .sign(options.linkKey);
    void reply.setCookie(LINK_COOKIE, ticket, {
      httpOnly: true,
      secure: isSecure(request),
      sameSite: 'lax',
      path: COOKIE_PATH,
      maxAge: LINK_LIFETIME_SECONDS,
    });
    return reply.redirect('/lti/link', 303);
  });

  async function pendingLinkOf(request: FastifyRequest): Promise<PendingLink> {
    const ticket = request.cookies[LINK_COOKIE];
    const missing = new AppError(
      'NOT_FOUND',
      'No launch from Canvas is waiting to be linked. Open Margin from your course’s navigation in Canvas.',
    );
    if (!ticket) throw missing;
    try {
      const { payload } = await jwtVerify(ticket, options.linkKey, { audience: LINK_AUDIENCE, algorithms: ['HS256'] });
      return pendingLinkClaimsSchema.parse(payload);
    } catch {
      throw missing;
    }
  }

  app.get('/link', { schema: { response: { 200: ltiPendingLinkSchema } } }, async (request) => {
    const pending = await pendingLinkOf(request);
    return {
      institutionName: pending.institutionName,
      canvasName: pending.canvasName,
      canvasEmail: pending.canvasEmail,
      courseTitle: pending.courseTitle,
    };
  });

  app.register(async (signedIn) => {
    signedIn.addHook('onRequest', options.authenticate);
    signedIn.post('/link', { schema: { response: { 200: ltiLinkResultSchema } } }, async (request, reply) => {
      const user = currentUser(request);
      const pending = await pendingLinkOf(request);
      const membership = await institutions.membershipOf(user.id);
      if (membership && membership.institution.id !== pending.institutionId)
        throw new AppError(
          'CONFLICT',
          `Your Margin account belongs to ${membership.institution.name}, not to ${pending.institutionName}. Sign in with the account you use at ${pending.institutionName}.`,
        );
      const linkedUserId = await store.link(pending.institutionId, pending.platformUserId, user.id);
      if (linkedUserId !== user.id)
        throw new AppError(
          'CONFLICT',
          'This Canvas account is already linked to another Margin account. Sign in with that account instead.',
        );
      void reply.clearCookie(LINK_COOKIE, {
        httpOnly: true,
        secure: isSecure(request),
        sameSite: 'lax',
        path: COOKIE_PATH,
      });
      await options.audit({
        userId: user.id,
        action: 'CANVAS_LAUNCH_LINKED',
        tableName: 'lti_links',
        recordId: pending.institutionId,
        newValues: { institution_id: pending.institutionId },
      });
      return { openPath: pending.courseId ? `/courses/${pending.courseId}` : '/courses' };
    });
  });
};
