import { describe, expect, it } from 'vitest';
import { PLACEHOLDERS, redactStudentIdentity } from './redaction';

const identity = { names: ['Maria Lopez', 'Lopez, Maria'], emails: ['Maria.Lopez@school.example.org'] };

describe('redactStudentIdentity', () => {
  it('replaces full, sortable, first and last names, possessives and e-mails with stable placeholders', () => {
    const text = [
      'Name: Lopez, Maria',
      'By Maria Lopez (maria.lopez@school.example.org).',
      "This is MARIA's essay; maria thinks Lopez family recipes matter.",
      'Mail my teacher at ms.green@school.example.org.',
    ].join('\n');
    const { text: redacted } = redactStudentIdentity(text, identity);
    expect(redacted).toBe(
      [
        `Name: ${PLACEHOLDERS.name}`,
        `By ${PLACEHOLDERS.name} (${PLACEHOLDERS.email}).`,
        `This is ${PLACEHOLDERS.firstName}'s essay; ${PLACEHOLDERS.firstName} thinks ${PLACEHOLDERS.lastName} family recipes matter.`,
        'Mail my teacher at [OTHER_EMAIL_1].',
      ].join('\n'),
    );
    expect(redacted.toLowerCase()).not.toMatch(/maria|lopez|green@/);
  });

  it('matches whole words only, across line breaks, and curly possessives', () => {
    const { text } = redactStudentIdentity('Mariana met Maria\nLopez. Maria’s dog. Lopezville.', identity);
    expect(text).toBe(`Mariana met ${PLACEHOLDERS.name}. ${PLACEHOLDERS.firstName}’s dog. Lopezville.`);
  });

  it('handles accents, middle names and double surnames', () => {
    const { text, restore } = redactStudentIdentity('José said José María García-Pérez and García agree. Pérez too.', {
      names: ['José María García-Pérez', 'García-Pérez, José María'],
      emails: [],
    });
    expect(text).not.toMatch(/José|María|García|Pérez/);
    expect(restore(text)).toBe('José said José María García-Pérez and García agree. Pérez too.');
  });

  it('ignores name parts shorter than three letters', () => {
    const { text } = redactStudentIdentity('Jo Li wrote this. Li is a common word part; Jo too.', {
      names: ['Jo Li'],
      emails: [],
    });
    expect(text).toBe(`${PLACEHOLDERS.name} wrote this. Li is a common word part; Jo too.`);
  });

  it('restores every placeholder, including in model output with different case', () => {
    const original = 'Maria Lopez wrote to maria.lopez@school.example.org and to tutor@example.com; Maria agrees.';
    const { text, restore } = redactStudentIdentity(original, identity);
    expect(restore(text)).toBe(
      'Maria Lopez wrote to Maria.Lopez@school.example.org and to tutor@example.com; Maria agrees.',
    );
    expect(restore('Well done, [student_first_name]! [STUDENT_LAST_NAME] family.')).toBe(
      'Well done, Maria! Lopez family.',
    );
    expect(restore('Unknown [SOMETHING_ELSE] stays.')).toBe('Unknown [SOMETHING_ELSE] stays.');
  });

  it('leaves text without the student untouched', () => {
    const { text, restore } = redactStudentIdentity('Nothing personal here.', { names: [], emails: [] });
    expect(text).toBe('Nothing personal here.');
    expect(restore('Nothing personal here.')).toBe('Nothing personal here.');
  });
});
