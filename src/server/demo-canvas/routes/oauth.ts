import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OAuthError, type DemoDeveloperKey } from '../domain/oauth';
import { accessTokenFrom } from '../http/authenticate';
import { stringParam, type Params } from '../http/params';
import { escapeHtml, layout } from './html-pages';
import type { DemoRouteContext } from './route-context';

/**
 * Canvas's OAuth2 endpoints (shared/reference/canvas-api.md, "OAuth2 with a developer key"): the
 * authorize page the signed-in user clicks through, the token endpoint for both grants, and the
 * token's deletion. The demo has one signed-in Canvas user, the teacher.
 */
export function registerOAuthRoutes(app: FastifyInstance, context: DemoRouteContext): void {
  const { state } = context;
  const { oauth } = state;
  const page = (reply: FastifyReply, title: string, body: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').send(layout(title, body));
  const sendError = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof OAuthError)) throw error;
    return reply.status(error.status).send({ error: error.error, error_description: error.description });
  };
  const redirectWith = (reply: FastifyReply, redirectUri: string, values: Record<string, string | undefined>) => {
    const target = new URL(redirectUri);
    for (const [name, value] of Object.entries(values)) if (value !== undefined) target.searchParams.set(name, value);
    return reply.redirect(target.toString(), 302);
  };

  /** What the authorize page and its confirmation both check, in Canvas's order. */
  function readAuthorization(params: Params): {
    key: DemoDeveloperKey;
    redirectUri: string;
    state: string | undefined;
    scope: string | undefined;
  } {
    const key = oauth.activeKey(stringParam(params, 'client_id'));
    const redirectUri = oauth.checkRedirectUri(key, stringParam(params, 'redirect_uri'));
    return { key, redirectUri, state: stringParam(params, 'state'), scope: stringParam(params, 'scope') };
  }

  app.get('/login/oauth2/auth', async (request, reply) => {
    const params = context.query(request);
    let authorization;
    try {
      authorization = readAuthorization(params);
    } catch (error) {
      return sendError(reply, error);
    }
    const { key, redirectUri, scope } = authorization;
    if (stringParam(params, 'response_type') !== 'code')
      return redirectWith(reply, redirectUri, { error: 'unsupported_response_type', state: authorization.state });
    let scopes: string[] | null;
    try {
      scopes = oauth.parseScopes(key, scope);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      return redirectWith(reply, redirectUri, { error: error.error, state: authorization.state });
    }
    const user = state.users.get(state.teacherId)!;
    const base = context.baseUrl(request);
    const hidden = (name: string, value: string | undefined) =>
      value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    const scopeList = scopes
      ? `<p>It asks only for these parts of the Canvas API:</p><ul>${scopes.map((entry) => `<li><code>${escapeHtml(entry)}</code></li>`).join('')}</ul>`
      : '<p>It will be able to act in Canvas as you: read your courses and their submissions, and post grades and comments.</p>';
    const cancel = new URL(redirectUri);
    cancel.searchParams.set('error', 'access_denied');
    if (authorization.state !== undefined) cancel.searchParams.set('state', authorization.state);
    return page(
      reply,
      `${key.name} is requesting access to your account`,
      `<p>You are signed in to the demo Canvas as <strong>${escapeHtml(user.name)}</strong>.</p>${scopeList}
       <form method="post" action="${base}/login/oauth2/auth">
         ${hidden('client_id', key.clientId)}${hidden('redirect_uri', redirectUri)}${hidden('state', authorization.state)}${hidden('scope', scope)}
         <button type="submit">Authorize</button>
         <a href="${escapeHtml(cancel.toString())}">Cancel</a>
       </form>`,
    );
  });

  /** The Authorize button: a single-use code, sent back to the app with its `state`. */
  app.post('/login/oauth2/auth', async (request, reply) => {
    const params = context.params(request);
    try {
      const { key, redirectUri, state: clientState, scope } = readAuthorization(params);
      const code = oauth.issueCode(key.clientId, state.teacherId, redirectUri, oauth.parseScopes(key, scope));
      return redirectWith(reply, redirectUri, { code, state: clientState });
    } catch (error) {
      return sendError(reply, error);
    }
  });

  app.post('/login/oauth2/token', async (request, reply) => {
    const params = context.params(request);
    const client = { clientId: stringParam(params, 'client_id'), clientSecret: stringParam(params, 'client_secret') };
    const grantType = stringParam(params, 'grant_type');
    try {
      if (grantType === 'authorization_code')
        return oauth.exchangeCode({
          ...client,
          code: stringParam(params, 'code'),
          redirectUri: stringParam(params, 'redirect_uri'),
        });
      if (grantType === 'refresh_token')
        return oauth.refresh({ ...client, refreshToken: stringParam(params, 'refresh_token') });
      return reply.status(400).send({ error: 'unsupported_grant_type', error_description: 'unsupported grant type' });
    } catch (error) {
      return sendError(reply, error);
    }
  });

  /** Log out: the access token (and the grant it came from) stop working; 200 either way for a known token. */
  app.delete('/login/oauth2/token', async (request: FastifyRequest, reply) => {
    const token = accessTokenFrom(request.headers.authorization, stringParam(context.query(request), 'access_token'));
    const record = token ? state.accessTokens.get(token) : undefined;
    if (!record) return reply.status(401).send({ errors: [{ message: 'Invalid access token.' }] });
    if (record.grantId !== undefined) oauth.revokeGrant(record.grantId);
    else record.revoked = true;
    return {};
  });

  /** "Remove" under Approved integrations on the profile page: the user ends the app's access. */
  app.post<{ Params: { grantId: string } }>(
    '/profile/settings/integrations/:grantId/remove',
    async (request, reply) => {
      oauth.revokeGrant(request.params.grantId);
      return reply.redirect(`${context.baseUrl(request)}/profile/settings`, 303);
    },
  );
}
