import { shortQuote } from '../text-analysis';
import { clamp01, type Assessor } from './assessor';

/** Reasoning: explaining why (because, this shows, as a result...). */
export const assessReasoning: Assessor = ({ analysis, sentences }) => {
  const reasoningSentences = [...new Set(analysis.reasoning.map((item) => item.sentence))];
  const expected = Math.max(2, sentences.length * 0.18);
  const score = clamp01(reasoningSentences.length / expected);
  const best =
    analysis.reasoning.find((item) =>
      /this (shows|means|suggests|demonstrates|proves)|shows that|which means|as a result/.test(item.phrase),
    ) ?? analysis.reasoning[0];
  const evidenceSentences = new Set(analysis.evidence.map((item) => item.sentence.index));
  const explained = new Set(analysis.reasoning.map((item) => item.sentence.index));
  const unexplained = sentences.find(
    (sentence) =>
      evidenceSentences.has(sentence.index) && !explained.has(sentence.index) && !explained.has(sentence.index + 1),
  );
  return {
    score,
    seen: `${reasoningSentences.length === 0 ? 'None' : reasoningSentences.length} of your ${sentences.length} sentence${sentences.length === 1 ? '' : 's'} ${reasoningSentences.length === 1 ? 'explains' : 'explain'} why something happens or what follows from it.`,
    facts: `${reasoningSentences.length} of ${sentences.length} sentences explain causes or consequences`,
    strengths:
      score >= 0.6 && best
        ? [
            {
              dimension: 'reasoning',
              text: 'You explain your reasoning instead of only stating facts, showing how your evidence supports your point.',
              quote: shortQuote(best.sentence),
              weight: score * 0.9,
              alternatives: reasoningSentences,
            },
          ]
        : [],
    improvements:
      score < 0.75
        ? [
            {
              dimension: 'reasoning',
              text: `Explain how each piece of evidence supports your point: add a sentence such as “This shows that…” or “Because of this…”.${unexplained ? ' The quoted evidence, for instance, would be stronger with a sentence that explains it.' : ''}`,
              quote: shortQuote(unexplained ?? null, 25),
              weight: (1 - score) * 0.8,
            },
          ]
        : [],
  };
};
