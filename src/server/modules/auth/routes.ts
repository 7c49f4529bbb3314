import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  sessionResponseSchema,
  signInRequestSchema,
  signUpRequestSchema,
  signUpResponseSchema,
} from '@/shared/schemas/auth';
import { z } from 'zod';
import { sessionSchema } from '@/shared/schemas/auth';
import { AppError } from '@/server/core/app-error';
import type { Database } from '@/server/db/connection';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { AccessTokens } from './access-token';
import type { AuthStore } from './auth-store';
import { currentUser, type Authenticate } from './authenticate';
import { refreshSession, signOut } from './refresh-session';
import { signIn } from './sign-in';
import { SIGN_UP_ACCEPTED, signUp, type SignUpOutcome } from './sign-up';
import { toSessionUser, type IssuedSession } from './issue-session';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, type TrustedDevices } from './trusted-device';
import { clientAddressOf } from '@/server/core/client-address';
import {
  isSecureRequest,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
  setRefreshCookie as setCookieOf,
} from './browser-session';

const COOKIE_PATH = REFRESH_COOKIE_PATH;

const restoredSessionSchema = z.object({ session: sessionSchema.nullable() });

export type AuthRoutesOptions = {
  db: Database;
  store: AuthStore;
  accessTokens: AccessTokens;
  audit: AuditWriter;
  authenticate: Authenticate;
  trustedDevices: TrustedDevices;
  /** PUBLIC_URL: when it is https, every cookie is Secure. */
  publicUrl: string;
  signUpLimitPerHour: number;
  /** The welcome, or the note to the owner of an existing account (send-sign-up-mail.ts). */
  sendSignUpMail: (outcome: SignUpOutcome) => void;
};

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { db, store, trustedDevices, authenticate } = options;
  const deps = { store, accessTokens: options.accessTokens, audit: options.audit };
  // Secure whenever the browser is on https: PUBLIC_URL says so, or the request came over TLS
  // (directly, or through a proxy TRUST_PROXY trusts to set X-Forwarded-Proto).
  const isSecure = (request: FastifyRequest) => isSecureRequest(options.publicUrl, request);

  function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, issued: IssuedSession) {
    setCookieOf(request, reply, issued, options.publicUrl);
  }

  function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply) {
    void reply.clearCookie(REFRESH_COOKIE, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: isSecure(request),
    });
  }

  app.post(
    '/sign-up',
    { schema: { body: signUpRequestSchema, response: { 201: signUpResponseSchema } } },
    async (request, reply) => {
      await signUp(
        { ...deps, db, limitPerHour: options.signUpLimitPerHour, afterSignUp: options.sendSignUpMail },
        request.body,
        clientAddressOf(request),
      );
      return reply.status(201).send({ message: SIGN_UP_ACCEPTED });
    },
  );

  app.post(
    '/sign-in',
    { schema: { body: signInRequestSchema, response: { 200: sessionResponseSchema } } },
    async (request, reply) => {
      const deviceId = trustedDevices.verify(request.cookies[DEVICE_COOKIE], request.body.email);
      const issued = await signIn(deps, request.body, clientAddressOf(request), deviceId);
      setRefreshCookie(request, reply, issued);
      if (!deviceId) {
        void reply.setCookie(DEVICE_COOKIE, trustedDevices.issue(request.body.email), {
          httpOnly: true,
          sameSite: 'strict',
          secure: isSecure(request),
          path: `${COOKIE_PATH}/sign-in`,
          maxAge: DEVICE_COOKIE_DAYS * 86_400,
        });
      }
      return { session: issued.session };
    },
  );

  app.post('/refresh', { schema: { response: { 200: restoredSessionSchema } } }, async (request, reply) => {
    const refreshToken = request.cookies[REFRESH_COOKIE];
    // No cookie is not an error: it is a visitor who is not signed in.
    if (!refreshToken) return { session: null };
    try {
      const issued = await refreshSession(deps, refreshToken);
      setRefreshCookie(request, reply, issued);
      return { session: issued.session };
    } catch (error) {
      clearRefreshCookie(request, reply);
      throw error;
    }
  });

  app.post('/sign-out', async (request, reply) => {
    await signOut(deps, request.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(request, reply);
    return reply.status(204).send();
  });

  app.register(async (protectedScope) => {
    protectedScope.addHook('onRequest', authenticate);
    protectedScope.get('/session', async (request) => {
      const { id } = currentUser(request);
      const user = await store.findUser(id);
      if (!user) throw new AppError('UNAUTHENTICATED', 'User not authenticated');
      return { user: toSessionUser(user) };
    });
  });
};
