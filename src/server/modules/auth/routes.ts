import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  sessionResponseSchema,
  signInRequestSchema,
  signUpRequestSchema,
  signUpResponseSchema,
} from '@/shared/schemas/auth';
import { z } from 'zod';
import { sessionSchema } from '@/shared/schemas/auth';
import { AppError } from '@/server/core/app-error';
import type { AppContext } from '@/server/app-context';
import { currentUser } from './authenticate';
import { refreshSession, signOut } from './refresh-session';
import { signIn } from './sign-in';
import { signUp } from './sign-up';
import { toSessionUser, type IssuedSession } from './issue-session';

export const REFRESH_COOKIE = 'margin_refresh';
const COOKIE_PATH = '/api/auth';
const restoredSessionSchema = z.object({ session: sessionSchema.nullable() });

export const authRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const deps = { store: context.authStore, accessTokens: context.accessTokens, audit: context.audit };
  const secureCookies = context.config.publicUrl.startsWith('https://');

  function setRefreshCookie(reply: FastifyReply, issued: IssuedSession) {
    void reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      path: COOKIE_PATH,
      expires: issued.refreshExpiresAt,
    });
  }
  function clearRefreshCookie(reply: FastifyReply) {
    void reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: secureCookies });
  }

  app.post(
    '/sign-up',
    { schema: { body: signUpRequestSchema, response: { 201: signUpResponseSchema } } },
    async (request, reply) => {
      const user = await signUp({ ...deps, afterSignUp: context.sendWelcomeMail }, request.body);
      return reply.status(201).send({ user: toSessionUser(user) });
    },
  );

  app.post(
    '/sign-in',
    { schema: { body: signInRequestSchema, response: { 200: sessionResponseSchema } } },
    async (request, reply) => {
      const issued = await signIn(deps, request.body, request.ip);
      setRefreshCookie(reply, issued);
      return { session: issued.session };
    },
  );

  app.post('/refresh', { schema: { response: { 200: restoredSessionSchema } } }, async (request, reply) => {
    const refreshToken = request.cookies[REFRESH_COOKIE];
    // No cookie is not an error: it is a visitor who is not signed in.
    if (!refreshToken) return { session: null };
    try {
      const issued = await refreshSession(deps, refreshToken);
      setRefreshCookie(reply, issued);
      return { session: issued.session };
    } catch (error) {
      clearRefreshCookie(reply);
      throw error;
    }
  });

  app.post('/sign-out', async (request, reply) => {
    await signOut(deps, request.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(reply);
    return reply.status(204).send();
  });

  app.register(async (protectedScope) => {
    protectedScope.addHook('onRequest', context.authenticate);
    protectedScope.get('/session', async (request) => {
      const { id } = currentUser(request);
      const user = await context.authStore.findUser(id);
      if (!user) throw new AppError('UNAUTHENTICATED', 'User not authenticated');
      return { user: toSessionUser(user) };
    });
  });
};
