import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '@/server/core/crypto';

export const DEVICE_COOKIE = 'margin_device';
export const DEVICE_COOKIE_DAYS = 365;

export type TrustedDevices = {
  /** A new cookie value naming this browser as one `email` signed in from. */
  issue(email: string): string;
  /** The device id when `value` was issued by us for `email`; null otherwise. */
  verify(value: string | undefined, email: string): string | null;
};

/**
 * Device cookies (OWASP's answer to lockout as a denial of service): after a successful sign-in the
 * browser keeps a signed cookie bound to the e-mail. Sign-ins that present it are throttled on their
 * own key, so someone guessing from elsewhere cannot lock the teacher out of her usual browser.
 */
export function createTrustedDevices(appSecret: string): TrustedDevices {
  const key = deriveKey(appSecret, 'trusted-device');
  const sign = (id: string, email: string) => createHmac('sha256', key).update(`${id}\n${email}`).digest('base64url');
  return {
    issue(email) {
      const id = randomBytes(16).toString('base64url');
      return `${id}.${sign(id, email)}`;
    },
    verify(value, email) {
      const [id, signature, extra] = (value ?? '').split('.');
      if (!id || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(id, email));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}
