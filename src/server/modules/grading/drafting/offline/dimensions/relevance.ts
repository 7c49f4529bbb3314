import { shortQuote, termCoverage, tokenize } from '../text-analysis';
import { bestSentence, clamp01, list, quoted, type Assessor } from './assessor';

/** Relevance: the assignment's own key terms, found in the work. */
export const assessRelevance: Assessor = ({ allTerms, coverage, bodySentences, assignmentName }) => {
  const needed = Math.max(1, Math.ceil(allTerms.length * 0.6));
  // Praise the terms the student brought in, not the ones the title hands them.
  const titleWords = tokenize(assignmentName);
  const notFromTitle = coverage.found.filter((term) => termCoverage([term], titleWords).found.length === 0);
  const praised = [...notFromTitle, ...coverage.found.filter((term) => !notFromTitle.includes(term))];
  const score = allTerms.length === 0 ? 0.65 : clamp01(coverage.found.length / needed);
  const richest = bestSentence(
    bodySentences,
    (sentence) => termCoverage(coverage.found, tokenize(sentence.text)).found.length - sentence.index * 0.001,
  );
  const richestCount = richest ? termCoverage(coverage.found, tokenize(richest.text)).found.length : 0;
  return {
    score,
    seen:
      allTerms.length === 0
        ? ''
        : `You work with ${coverage.found.length} of the ${allTerms.length} key ideas of the assignment${coverage.missing.length ? `; you could say more about ${list(coverage.missing.slice(0, 3))}` : ''}.`,
    facts:
      allTerms.length === 0
        ? 'no description terms to compare with'
        : `${coverage.found.length} of ${allTerms.length} key terms of the assignment used (${coverage.found.slice(0, 6).join(', ') || 'none'})${coverage.missing.length ? `; not used: ${coverage.missing.slice(0, 6).join(', ')}` : ''}`,
    strengths:
      score >= 0.6 && richest && richestCount > 0
        ? [
            {
              dimension: 'relevance',
              text: `You stay focused on what “${assignmentName}” asks for, working with its key ideas (${list(praised.slice(0, 3))}).`,
              quote: shortQuote(richest),
              weight: score,
              alternatives: bodySentences.filter(
                (sentence) => termCoverage(coverage.found, tokenize(sentence.text)).found.length > 0,
              ),
            },
          ]
        : [],
    improvements:
      score < 0.8 && coverage.missing.length > 0
        ? [
            {
              dimension: 'relevance',
              text: `Make sure your work speaks to what the assignment asks about, such as ${list(quoted(coverage.missing.slice(0, 4)))}.`,
              quote: null,
              weight: 1 - score,
            },
          ]
        : [],
  };
};
