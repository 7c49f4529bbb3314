import { shortQuote } from '../text-analysis';
import { adviceForKind } from '../kind-of-work';
import { clamp01, list, quoted, type Assessor, type Finding } from './assessor';

/** Organization: paragraphs, a thesis-like opening, a conclusion, transitions. */
export const assessOrganization: Assessor = ({
  analysis,
  requirements,
  kind,
  isEssay,
  labSections,
  missingSections,
  sentences,
  paragraphs,
  wordCount,
  hasConclusion,
  thesisScore,
  conclusionScore,
}) => {
  const expectedParagraphs =
    requirements.paragraphs ?? (isEssay ? Math.min(5, Math.max(3, Math.round(wordCount / 110))) : 1);
  const paragraphScore =
    kind === 'lab report' ? labSections.length / 4 : clamp01(paragraphs.length / expectedParagraphs);
  const distinctTransitions = [...new Set(analysis.transitions.map((item) => item.phrase))];
  const transitionScore = clamp01(distinctTransitions.length / Math.max(2, Math.min(6, sentences.length / 3)));
  const score =
    isEssay || kind === 'lab report'
      ? 0.3 * paragraphScore + 0.25 * thesisScore + 0.2 * conclusionScore + 0.25 * transitionScore
      : 0.5 + 0.5 * transitionScore;
  const strengths: Finding[] = [];
  const improvements: Finding[] = [];
  if (analysis.thesis)
    strengths.push({
      dimension: 'organization',
      topic: 'thesis',
      text: 'Your opening states a clear position that the rest of the piece develops.',
      quote: shortQuote(analysis.thesis),
      weight: 0.9,
    });
  if (distinctTransitions.length >= 3) {
    const example = analysis.transitions.find((item) => item.sentence.paragraph > 0) ?? analysis.transitions[0];
    strengths.push({
      dimension: 'organization',
      topic: 'transitions',
      text: `You connect your ideas with transitions such as ${list(quoted(distinctTransitions.slice(0, 3)))}, so the reader can follow your line of thought.`,
      quote: shortQuote(example?.sentence),
      weight: transitionScore * 0.8,
      alternatives: analysis.transitions.map((item) => item.sentence),
    });
  }
  if (analysis.conclusion)
    strengths.push({
      dimension: 'organization',
      topic: 'conclusion',
      text: 'Your conclusion brings the main points together instead of simply stopping.',
      quote: shortQuote(analysis.conclusion),
      weight: 0.7,
    });
  const advice = adviceForKind(kind, analysis, missingSections);
  if (advice)
    improvements.push({
      dimension: 'organization',
      ...(kind === 'lab report' ? { topic: 'paragraphs' as const } : {}),
      text: advice,
      quote: null,
      weight: kind === 'lab report' && missingSections.length === 0 ? 0.3 : 0.85,
    });
  if (!analysis.thesis && isEssay) {
    improvements.push({
      dimension: 'organization',
      topic: 'thesis',
      text: 'Make your main claim plain in the opening paragraph, in one sentence, so the reader knows from the start what you will show.',
      quote: shortQuote(sentences[0], 20),
      weight: 0.9,
    });
  }
  if (paragraphScore < 1 && isEssay) {
    improvements.push({
      dimension: 'organization',
      topic: 'paragraphs',
      text: `Organise the text into ${expectedParagraphs} or more paragraphs (an introduction, body paragraphs with one main idea each, and a conclusion); it currently has ${paragraphs.length}.`,
      quote: null,
      weight: 1 - paragraphScore,
    });
  }
  if (!hasConclusion && isEssay && wordCount >= 40) {
    improvements.push({
      dimension: 'organization',
      topic: 'conclusion',
      text: 'Let your last paragraph return to your main claim and say why it matters, so the piece ends on your point.',
      quote: shortQuote(sentences.at(-1), 20),
      weight: 0.6,
    });
  }
  if (transitionScore < 0.6) {
    const linked = new Set(analysis.transitions.map((item) => item.sentence));
    const abrupt = paragraphs
      .slice(1)
      .map((paragraph) => paragraph.sentences[0])
      .find((sentence) => sentence && !linked.has(sentence));
    improvements.push({
      dimension: 'organization',
      topic: 'transitions',
      text: 'Link your ideas with transitions (for example “however”, “for instance”, “as a result”) so each point leads into the next.',
      quote: shortQuote(abrupt ?? null, 20),
      weight: (1 - transitionScore) * 0.7,
    });
  }
  return {
    score,
    seen:
      kind === 'lab report'
        ? labSections.length > 0
          ? `Your report has these sections: ${list(labSections)}.`
          : 'Head each part of your report (question, method, results, conclusion) so a reader finds it.'
        : `Your work has ${paragraphs.length} paragraph${paragraphs.length === 1 ? '' : 's'}${isEssay ? `${analysis.thesis ? ', an opening that states your position' : ''}${analysis.conclusion ? `${analysis.thesis ? ' and' : ','} a conclusion that brings it together` : ''}` : ''}.`,
    facts: `${kind === 'lab report' ? `lab report sections found: ${labSections.join(', ') || 'none'}; ` : isEssay ? '' : `a ${kind}, judged as one; `}${paragraphs.length} paragraph${paragraphs.length === 1 ? '' : 's'} (expected ${expectedParagraphs}), thesis-like opening ${analysis.thesis ? 'found' : 'not found'}, conclusion ${analysis.conclusion ? 'found' : 'not found'}, ${distinctTransitions.length} distinct transitions`,
    strengths,
    improvements,
  };
};
