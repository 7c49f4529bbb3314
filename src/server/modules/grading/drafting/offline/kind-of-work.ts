import type { Requirements, TextAnalysis } from './text-analysis';

/**
 * What kind of work a submission is, so the offline engine asks of it what its kind needs: an
 * essay a claim, paragraphs and a conclusion; a lab report its sections; a short answer a direct
 * answer with a detail; a discussion post engagement with the question and classmates; a link
 * only that the teacher opens it.
 */
export type KindOfWork = 'essay' | 'lab report' | 'short answer' | 'discussion post' | 'link';

export type LabSection = 'question or hypothesis' | 'materials and method' | 'results' | 'conclusion';

const LAB_SECTIONS: Record<LabSection, RegExp> = {
  'question or hypothesis': /^(?:research\s+)?(?:question|hypothesis|purpose|aim|objective|introduction)s?\b/i,
  'materials and method': /^(?:materials?|methods?|procedures?|methodology|experimental design|set-?up)\b/i,
  results: /^(?:results?|data|observations?|findings|measurements)\b/i,
  conclusion: /^(?:conclusions?|discussion|analysis|evaluation)\b/i,
};

const LINK_LINE = /^Submitted link: (\S+)$/m;

/** The lab report sections whose heading (a line or sentence that starts with it) the work has. */
export function labSectionsFound(analysis: TextAnalysis): LabSection[] {
  const starts = [
    ...analysis.paragraphs.map((paragraph) => paragraph.text),
    ...analysis.sentences.map((sentence) => sentence.text),
  ].map((text) => text.trim().slice(0, 40));
  return (Object.keys(LAB_SECTIONS) as LabSection[]).filter((section) =>
    starts.some((start) => LAB_SECTIONS[section].test(start)),
  );
}

export function kindOfWork(
  input: { assignmentName: string; descriptionText: string; submissionText: string },
  analysis: TextAnalysis,
  requirements: Requirements,
): KindOfWork {
  const link = input.submissionText.match(LINK_LINE);
  if (link && analysis.wordCount - (link[0].match(/[\p{L}\p{N}]+/gu)?.length ?? 0) < 20) return 'link';
  const assignment = `${input.assignmentName}\n${input.descriptionText}`;
  if (
    /\blab(?:oratory)? report\b|\bhypothesis\b|\bexperiment\b|\bprocedure\b/i.test(assignment) ||
    labSectionsFound(analysis).length >= 3
  )
    return 'lab report';
  if (
    /\bdiscussion\b|\breply to\b|\brespond to (?:at least )?(?:one|two|\d) (?:of your )?classmates?\b|\bclassmates'? posts?\b/i.test(
      assignment,
    )
  )
    return 'discussion post';
  if (
    /\bshort[- ](?:answer|response)\b|\bin (?:one|two|three|a few|\d(?:\s*-\s*\d)?) sentences\b|\bbriefly\b|\bin one paragraph\b|\bexit ticket\b/i.test(
      assignment,
    ) ||
    (requirements.targetWords !== null && requirements.targetWords <= 150)
  ) {
    return 'short answer';
  }
  return 'essay';
}

/** The length a kind of work usually runs to when the description does not say. */
export const TYPICAL_WORDS: Record<KindOfWork, number> = {
  essay: 350,
  'lab report': 400,
  'short answer': 80,
  'discussion post': 150,
  link: 1,
};

/** Advice only this kind of work needs (null for an essay, whose advice is the engine's default). */
export function adviceForKind(kind: KindOfWork, analysis: TextAnalysis, missingSections: LabSection[]): string | null {
  switch (kind) {
    case 'lab report':
      return missingSections.length > 0
        ? `Give the report the sections a reader looks for, each under its own heading: ${missingSections.join(', ')}. Report results with numbers and units, and say what they show about your hypothesis.`
        : 'Report each result with its number and unit, and say what it shows about your hypothesis and what could have affected it (sources of error).';
    case 'short answer':
      return 'Answer the question directly in your first sentence, then support it with one specific detail or quotation and a sentence explaining how it supports your answer.';
    case 'discussion post':
      return analysis.wordCount < 60
        ? 'Develop the post: answer the discussion question in your own words, add an example, and end with a question that invites classmates to respond.'
        : 'Connect your post to the discussion: respond to a classmate’s idea, agree or disagree with a reason, and ask a question that moves the conversation forward.';
    case 'link':
      return 'Margin can only read the link, not the work behind it: make sure the link is shared so your teacher can open it.';
    case 'essay':
      return null;
  }
}
