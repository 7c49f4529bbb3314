import { describe, expect, it } from 'vitest';
import { createInvitationCode } from './invitation-code';
import { buildTestApp, signUpAndIn } from '@/server/test/test-app';

// As in production: the server refuses addresses inside its own network.
const harness = buildTestApp({ env: { CANVAS_ALLOW_PRIVATE_HOSTS: 'false' } });

describe("an institution's AI server address", () => {
  it('is refused when it points inside the server’s own network or is not https, and kept when it is public', async () => {
    const admin = await signUpAndIn(harness.app, { email: `admin-${Date.now()}@ecole.test` });
    const code = await createInvitationCode(harness.config.appSecret, {
      institutionName: 'École Saint-Exupéry',
      adminEmail: admin.email,
    });
    expect(
      (
        await harness.app.inject({
          method: 'POST',
          url: '/api/institutions',
          headers: admin.headers,
          payload: { code },
        })
      ).statusCode,
    ).toBe(201);
    const settings = (aiBaseUrl: string) =>
      harness.app.inject({
        method: 'PUT',
        url: '/api/institutions/current/settings',
        headers: admin.headers,
        payload: {
          canvasUrl: null,
          canvasClientId: null,
          allowPersonalTokens: true,
          aiProvider: 'openai-compatible',
          aiModel: 'school-model',
          aiApiKey: 'sk-school-owned-key-0123456789abcdef',
          aiBaseUrl,
        },
      });
    for (const inside of [
      'https://169.254.169.254/latest',
      'https://127.0.0.1:11434/v1',
      'https://10.0.0.5/v1',
      'https://ollama.internal/v1',
      'http://8.8.8.8/v1',
    ]) {
      const refused = await settings(inside);
      expect(refused.statusCode, inside).toBe(400);
      expect(refused.json().error).toMatchObject({
        message: expect.stringContaining('public internet'),
        field: 'aiBaseUrl',
      });
    }
    const kept = await settings('https://8.8.8.8/v1');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ aiBaseUrl: 'https://8.8.8.8/v1' });
  });
});
