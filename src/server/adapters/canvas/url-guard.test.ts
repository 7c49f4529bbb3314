import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/core/app-error';
import { assertCanvasUrlAllowed, normalizeCanvasUrl } from './url-guard';

/** A resolver that never touches the network. */
const resolvesTo = (addresses: string[]) => async () => addresses;
const publicPolicy = { allowPrivateHosts: false, resolveHost: resolvesTo(['93.184.216.34']) };

async function refusal(
  url: string,
  policy: Parameters<typeof assertCanvasUrlAllowed>[1] = publicPolicy,
): Promise<AppError> {
  const error = await assertCanvasUrlAllowed(url, policy).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`${url} was accepted`);
  expect(error.code).toBe('CANVAS_URL_REFUSED');
  return error;
}

describe('normalizeCanvasUrl', () => {
  it.each([
    ['  school.instructure.com/ ', 'https://school.instructure.com'],
    ['https://canvas.school.edu//', 'https://canvas.school.edu'],
    ['http://localhost:3000/demo-canvas/', 'http://localhost:3000/demo-canvas'],
    ['HTTPS://Canvas.School.edu', 'HTTPS://Canvas.School.edu'],
  ])('%s becomes %s', (input, expected) => {
    expect(normalizeCanvasUrl(input)).toBe(expected);
  });
});

describe('assertCanvasUrlAllowed', () => {
  it('accepts https on a public address, by name or by IP', async () => {
    await expect(assertCanvasUrlAllowed('https://school.instructure.com', publicPolicy)).resolves.toBeUndefined();
    await expect(
      assertCanvasUrlAllowed('https://school.instructure.com', {
        allowPrivateHosts: false,
        resolveHost: resolvesTo(['2606:4700::6810:84e5']),
      }),
    ).resolves.toBeUndefined();
    await expect(assertCanvasUrlAllowed('https://8.8.8.8', publicPolicy)).resolves.toBeUndefined();
  });

  it('refuses plain http, other schemes, credentials and nonsense', async () => {
    expect((await refusal('http://school.instructure.com')).message).toMatch(/https/);
    await refusal('ftp://school.instructure.com');
    await refusal('https://teacher:secret@school.instructure.com');
    await refusal('not a url');
  });

  it.each([
    'https://127.0.0.1',
    'https://10.1.2.3',
    'https://172.20.0.5',
    'https://192.168.1.10',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1',
    'https://0.0.0.0',
    'https://2130706433',
    'https://[::1]',
    'https://[fd00:ec2::254]',
    'https://[fe80::1]',
    'https://[::ffff:127.0.0.1]',
    'https://[::ffff:8.8.8.8]',
    'https://[::ffff:0:7f00:1]',
    'https://[::ffff:0:808:808]',
    'https://[0:0:0:0:0:0:0:1]',
    'https://[64:ff9b::a00:1]',
  ])('refuses the private or special address %s', async (url) => {
    expect((await refusal(url)).details).toEqual({ reason: 'private_address' });
  });

  it('refuses localhost and internal names without asking DNS', async () => {
    const neverCalled = async () => {
      throw new Error('DNS must not be asked');
    };
    for (const url of [
      'https://localhost',
      'https://localhost.',
      'https://canvas.localhost',
      'https://metadata.google.internal',
      'https://printer.local',
    ]) {
      expect((await refusal(url, { allowPrivateHosts: false, resolveHost: neverCalled })).details).toEqual({
        reason: 'private_address',
      });
    }
  });

  it('refuses a name that resolves to a private address, even among public ones', async () => {
    await refusal('https://evil.example.com', { allowPrivateHosts: false, resolveHost: resolvesTo(['127.0.0.1']) });
    await refusal('https://evil.example.com', {
      allowPrivateHosts: false,
      resolveHost: resolvesTo(['93.184.216.34', '10.0.0.8']),
    });
  });

  it('refuses a name that does not resolve', async () => {
    const error = await refusal('https://no-such-school.example', {
      allowPrivateHosts: false,
      resolveHost: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      },
    });
    expect(error.message).toContain('no-such-school.example');
  });

  it("allows the app's own demo Canvas and, when configured, private hosts", async () => {
    const demo = { allowPrivateHosts: false, allowedOrigins: ['http://localhost:3000/demo-canvas/'] };
    await expect(assertCanvasUrlAllowed('http://localhost:3000/demo-canvas', demo)).resolves.toBeUndefined();
    await refusal('http://localhost:3001/demo-canvas', demo);
    await expect(
      assertCanvasUrlAllowed('http://192.168.1.20:8080', { allowPrivateHosts: true }),
    ).resolves.toBeUndefined();
  });

  it('asks the system resolver when none is injected', async () => {
    // Answered from /etc/hosts (::1 on Debian), so no network is needed; unknown names are refused too.
    const error = await refusal('https://ip6-localhost', { allowPrivateHosts: false });
    expect(['private_address', 'unresolvable']).toContain(error.details?.reason);
    await expect(assertCanvasUrlAllowed('https://1.1.1.1', { allowPrivateHosts: false })).resolves.toBeUndefined();
  });
});
