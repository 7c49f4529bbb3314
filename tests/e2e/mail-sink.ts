import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpSink } from '../../src/server/test/smtp-sink';

/**
 * The one SMTP sink of a browser-test run. The server under test sends mail to SMTP on port 2526, or
 * E2E_SMTP_PORT (playwright.config.ts); the global setup runs a real SMTP server there and writes each
 * message it receives to a file, so every spec, in whichever worker, follows a mail all the way to
 * the mailbox (one port cannot be held by two spec files running at once).
 */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
const MAIL_DIR = path.resolve('.e2e-mail');

export type Mail = { to: string[]; raw: string };

export async function startMailSink(): Promise<() => Promise<void>> {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;
  const sink = await startSmtpSink({
    port: SMTP_PORT,
    onMail: ({ to, raw }) => {
      count += 1;
      const mail: Mail = { to, raw };
      writeFileSync(path.join(MAIL_DIR, `${String(count).padStart(6, '0')}.json`), JSON.stringify(mail));
    },
  });
  return () => sink.close();
}

/** Every mail received so far in this run, oldest first. */
export function readMailbox(): Mail[] {
  let names: string[];
  try {
    names = readdirSync(MAIL_DIR).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().flatMap((name) => {
    try {
      return [JSON.parse(readFileSync(path.join(MAIL_DIR, name), 'utf8')) as Mail];
    } catch {
      return []; // still being written
    }
  });
}

/** A mail as a reader sees it: quoted-printable soft breaks and escapes undone. */
export function readable(raw: string) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
