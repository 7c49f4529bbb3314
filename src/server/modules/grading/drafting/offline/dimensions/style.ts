import { shortQuote } from '../text-analysis';
import { bestSentence, clamp01, type Assessor, type Finding } from './assessor';

/** Style: sentence variety and vocabulary, trusted less on very short texts. */
export const assessStyle: Assessor = ({ analysis, sentences, wordCount }) => {
  const variety = clamp01(analysis.sentenceLengthVariation / 0.45);
  const vocabulary = clamp01((analysis.vocabularyVariety - 0.35) / 0.3);
  const choppy = analysis.averageSentenceLength > 0 && analysis.averageSentenceLength < 9;
  const confidence = Math.min(1, 0.3 + wordCount / 250);
  const score = clamp01((0.5 * variety + 0.5 * vocabulary) * confidence * (choppy ? 0.7 : 1));
  const withIssues = new Set(analysis.mechanicsIssues.map((issue) => issue.sentence));
  const varied = bestSentence(
    sentences.filter((sentence) => sentence.wordCount <= 35 && !withIssues.has(sentence)),
    (sentence) => sentence.wordCount,
  );
  const short = sentences.find((sentence) => sentence.wordCount > 0 && sentence.wordCount < 7);
  const counts = new Map<string, number>();
  for (const word of analysis.words) if (word.length >= 5) counts.set(word, (counts.get(word) ?? 0) + 1);
  const overused = [...counts.entries()]
    .filter(([, count]) => count >= Math.max(4, wordCount / 40))
    .sort((a, b) => b[1] - a[1])[0];
  const improvements: Finding[] = [];
  if (choppy || variety < 0.5) {
    improvements.push({
      dimension: 'style',
      text: 'Vary your sentences: combine short, similar sentences with words such as “because”, “although” or “which” so the writing flows.',
      quote: shortQuote(short ?? null),
      weight: (1 - score) * 0.6,
    });
  } else if (overused && vocabulary < 0.7) {
    improvements.push({
      dimension: 'style',
      text: `Vary your word choice: “${overused[0]}” appears ${overused[1]} times.`,
      quote: null,
      weight: (1 - score) * 0.5,
    });
  }
  return {
    score,
    seen: `Your sentences are ${analysis.averageSentenceLength.toFixed(0)} words long on average.`,
    facts: `average sentence ${analysis.averageSentenceLength.toFixed(1)} words, length variation ${analysis.sentenceLengthVariation.toFixed(2)}, vocabulary variety ${analysis.vocabularyVariety.toFixed(2)}`,
    strengths:
      score >= 0.65 && varied && varied.wordCount >= 15
        ? [
            {
              dimension: 'style',
              text: 'Your sentences vary in length and structure, and your word choice is precise, which makes the writing readable.',
              quote: shortQuote(varied),
              weight: score * 0.7,
            },
          ]
        : [],
    improvements,
  };
};
