import { shortQuote } from '../text-analysis';
import { TYPICAL_WORDS } from '../kind-of-work';
import { clamp01, type Assessor } from './assessor';

/** Development: length against what the description expects (or a typical short essay). */
export const assessDevelopment: Assessor = ({ requirements, kind, paragraphs, wordCount }) => {
  const target = requirements.targetWords ?? TYPICAL_WORDS[kind];
  const ratio = wordCount / target;
  const score = ratio >= 1 ? 1 : clamp01(ratio ** 1.3);
  const belowMinimum = requirements.minimumWords !== null && wordCount < requirements.minimumWords;
  const longestParagraph = [...paragraphs].sort((a, b) => b.wordCount - a.wordCount)[0];
  return {
    score,
    seen: `Your response has ${wordCount} words in ${paragraphs.length} paragraph${paragraphs.length === 1 ? '' : 's'}; about ${target} are expected for ${kind === 'essay' ? 'this essay' : `a ${kind} like this`}.`,
    facts: `${wordCount} words in ${paragraphs.length} paragraph${paragraphs.length === 1 ? '' : 's'} (expected about ${target}${requirements.targetWords ? ', from the description' : `, a typical ${kind}`})`,
    strengths:
      score >= 0.85 && longestParagraph
        ? [
            {
              dimension: 'development',
              text: `Your ideas are developed in detail (${wordCount} words), giving each point room to be explained.`,
              quote: shortQuote(longestParagraph.sentences.find((sentence) => sentence.wordCount >= 8)),
              weight: score * 0.8,
            },
          ]
        : [],
    improvements:
      score < 0.85 && kind !== 'link'
        ? [
            {
              dimension: 'development',
              text: `Develop your ideas further: the response has ${wordCount} words${belowMinimum ? `, below the required ${requirements.minimumWords}` : `, while about ${target} are expected`}. Add explanation and a specific example to each main point.`,
              quote: null,
              weight: 1 - score,
            },
          ]
        : [],
  };
};
