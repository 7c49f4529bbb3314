import { shortQuote, type EvidenceKind, type Sentence } from '../text-analysis';
import { clamp01, type Assessor } from './assessor';

/** Evidence: examples, quotations, numbers, citations, named sources. */
export const assessEvidence: Assessor = ({ analysis, requirements, paragraphs, wordCount }) => {
  const evidenceSentences = [...new Set(analysis.evidence.map((item) => item.sentence))];
  const kinds = [...new Set(analysis.evidence.map((item) => item.kind))];
  const expected = requirements.evidenceCount ?? Math.max(2, Math.min(5, Math.round(wordCount / 120)));
  // A general example ("my friend...") counts for less than a quotation, a figure or a source.
  const kindWeight: Record<EvidenceKind, number> = { example: 0.6, quotation: 1, number: 1, citation: 1, source: 1 };
  // Each sentence counts once, at the weight of its strongest kind of evidence.
  const strongestKind = new Map<Sentence, number>();
  for (const item of analysis.evidence)
    strongestKind.set(item.sentence, Math.max(strongestKind.get(item.sentence) ?? 0, kindWeight[item.kind]));
  const weightedUnits = [...strongestKind.values()].reduce((total, weight) => total + weight, 0);
  const score = clamp01(weightedUnits / expected) * (kinds.length >= 2 ? 1 : 0.85);
  const strongest =
    analysis.evidence.find((item) => item.kind === 'quotation' || item.kind === 'citation') ??
    analysis.evidence.find((item) => item.kind === 'number' || item.kind === 'source') ??
    analysis.evidence[0];
  const unsupported = paragraphs
    .slice(1, Math.max(1, paragraphs.length - 1))
    .find((paragraph) => !paragraph.sentences.some((sentence) => strongestKind.has(sentence)))?.sentences[0];
  const kindNames: Record<string, string> = {
    example: 'examples',
    quotation: 'quotations',
    number: 'facts and figures',
    citation: 'citations',
    source: 'named sources',
  };
  return {
    score,
    seen: `${evidenceSentences.length === 0 ? 'None' : evidenceSentences.length} of your sentences ${evidenceSentences.length === 1 ? 'uses' : 'use'} evidence${kinds.length ? ` (${kinds.map((kind) => kindNames[kind]).join(', ')})` : ''}; about ${expected} would support your points well.`,
    facts: `${evidenceSentences.length} sentence${evidenceSentences.length === 1 ? '' : 's'} with evidence (${kinds.map((kind) => kindNames[kind]).join(', ') || 'none'}); about ${expected} expected${requirements.evidenceCount ? ` (the description asks for ${requirements.evidenceCount} ${requirements.evidenceLabel})` : ''}`,
    strengths:
      score >= 0.5 && strongest
        ? [
            {
              dimension: 'evidence',
              text: `You support your points with specific evidence (${kinds.map((kind) => kindNames[kind]).join(', ')}) rather than general statements.`,
              quote: shortQuote(strongest.sentence),
              weight: score,
              alternatives: evidenceSentences,
            },
          ]
        : [],
    improvements:
      score < 0.8
        ? [
            {
              dimension: 'evidence',
              text: `Back up each main point with specific evidence: an example, a quotation or a fact${requirements.evidenceCount ? ` (the assignment asks for ${requirements.evidenceCount} ${requirements.evidenceLabel})` : ''}.${unsupported ? ' The quoted point, for instance, would be stronger with support.' : ''}`,
              quote: shortQuote(unsupported ?? null, 25),
              weight: 1 - score,
            },
          ]
        : [],
  };
};
