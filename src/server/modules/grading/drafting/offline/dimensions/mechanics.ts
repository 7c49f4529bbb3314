import { shortQuote, type MechanicsIssueKind } from '../text-analysis';
import { clamp01, list, quoted, type Assessor } from './assessor';

/** Mechanics: what can be seen without a dictionary. */
export const assessMechanics: Assessor = ({ analysis, sentences, wordCount }) => {
  const issues = analysis.mechanicsIssues;
  const rate = issues.length / Math.max(1, sentences.length);
  const score = wordCount === 0 ? 0 : clamp01(1 - 2 * rate);
  const kinds = [...new Set(issues.map((issue) => issue.kind))];
  const described = kinds
    .slice(0, 3)
    .map((issueKind) =>
      issueKind === 'misspelled word'
        ? `spelling (${list(quoted([...new Set(issues.filter((issue) => issue.kind === issueKind).map((issue) => issue.detail))].slice(0, 3)))})`
        : describeIssue(issueKind, issues.find((issue) => issue.kind === issueKind)?.detail ?? ''),
    );
  const first = issues[0];
  const misspelled = [
    ...new Set(issues.filter((issue) => issue.kind === 'misspelled word').map((issue) => issue.detail)),
  ];
  return {
    score,
    seen:
      issues.length === 0
        ? 'No proofreading problems stood out.'
        : `${issues.length} proofreading point${issues.length === 1 ? '' : 's'} stood out.`,
    facts:
      issues.length === 0
        ? 'no mechanical problems detected'
        : `${issues.length} possible problem${issues.length === 1 ? '' : 's'}: ${kinds.join(', ')}${misspelled.length > 0 ? `; not in the dictionary: ${list(quoted(misspelled.slice(0, 5)))}` : ''}`,
    strengths:
      issues.length === 0 && wordCount >= 100
        ? [
            {
              dimension: 'mechanics',
              text: 'Your writing is carefully proofread: sentences are capitalised and punctuated correctly.',
              quote: null,
              weight: 0.5,
            },
          ]
        : [],
    improvements:
      issues.length > 0
        ? [
            {
              dimension: 'mechanics',
              text: `Proofread before submitting: watch for ${list(described)}.`,
              quote: shortQuote(first?.sentence ?? null, 25),
              weight: (1 - score) * 0.9 + 0.05,
            },
          ]
        : [],
  };
};

function describeIssue(kind: MechanicsIssueKind, detail: string): string {
  switch (kind) {
    case 'lowercase sentence start':
      return 'sentences that begin with a lowercase letter';
    case 'lowercase "i"':
      return 'the word “I” written as “i”';
    case 'repeated word':
      return `repeated words (“${detail}”)`;
    case 'repeated punctuation':
      return `repeated punctuation (“${detail}”)`;
    case 'informal abbreviation':
      return `informal words such as “${detail}”`;
    case 'common misspelling':
      return `misspellings such as “${detail}”`;
    case 'very long sentence':
      return 'very long sentences that are hard to follow';
    case 'missing end punctuation':
      return 'sentences without end punctuation';
    case 'missing apostrophe':
      return `missing apostrophes in contractions (“${detail}”)`;
    case 'misspelled word':
      return `spelling (“${detail}”)`;
  }
}
