// The decision records a newcomer reads (docs/decisions): each is dated, has a status, is in the
// index, and every record it names as amending, extending or superseding it exists.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '@/server/paths';

const folder = path.join(projectRoot, 'docs', 'decisions');
const records = readdirSync(folder)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .map((name) => ({ name, number: name.slice(0, 3), text: readFileSync(path.join(folder, name), 'utf8') }));
const index = readFileSync(path.join(folder, 'README.md'), 'utf8');

/** The Status line, with the lines it wraps onto, as one line. */
const statusOf = (text: string) => /^Status: (.+(?:\n(?!\n).+)*)/m.exec(text)![1]!.split(/\s+/).join(' ');

describe('decision records', () => {
  it('are there to check', () => {
    expect(records.length).toBeGreaterThan(20);
  });

  it.each(records.map((record) => [record.name, record] as const))(
    '%s has its number, a date and a status',
    (_name, { number, text }) => {
      const [title, , date, status] = text.split('\n');
      expect(title).toMatch(new RegExp(`^# ${number}: \\S`));
      expect(date).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/);
      expect(status).toMatch(/^Status: (accepted|superseded|deprecated|proposed)\b/);
    },
  );

  it('are each one line of the index, with the status the record gives', () => {
    for (const { name, number, text } of records) {
      const status = statusOf(text);
      const line = index.split('\n').find((candidate) => candidate.startsWith(`| [${number}](${name}) |`));
      expect(line, `${name} is missing from docs/decisions/README.md`).toBeDefined();
      expect(line!.endsWith(`| ${status} |`), `${name}: the index says ${line}`).toBe(true);
    }
  });

  it('name only records that exist when they say what changed them', () => {
    const numbers = new Set(records.map((record) => record.number));
    for (const { name, text } of records) {
      const status = statusOf(text);
      for (const [, named] of status.matchAll(/\b(\d{3})\b/g))
        expect(numbers, `${name} names ${named}`).toContain(named);
    }
  });
});
