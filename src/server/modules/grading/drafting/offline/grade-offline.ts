import type { RubricCriterion, RubricRating } from '@/shared/schemas/ai';
import type { DraftBasis } from '@/shared/schemas/draft-basis';
import { clampGrade, effectivePointsPossible, formatPoints } from '../../kernel/finalize-draft';
import type { GradingInput, RawGradingDraft, RawQuotedPoint, RawRubricAssessmentItem } from '../../kernel/drafter-port';
import {
  analyzeText,
  extractRequirements,
  keyTerms,
  shortQuote,
  termCoverage,
  tokenize,
  type MechanicsIssueKind,
  type Requirements,
  type Sentence,
  type TextAnalysis,
} from './text-analysis';
import {
  assessors,
  DIMENSIONS,
  type AssessmentContext,
  type Dimension,
  type DimensionResult,
  type Finding,
  type Topic,
} from './dimensions';
import { bestSentence, clamp01, list } from './dimensions/assessor';
import { countWords, feedbackWordBudget } from '../../kernel/feedback-length';
import {
  fitToBudget,
  FIRST_NAME,
  formativeClosing,
  formativeOpening,
  shorterQuote,
  stepLead,
  strengthLead,
} from './feedback-voice';
import type { CriterionRating } from './calibration/criteria-on-teachers-scale';
import { kindOfWork, labSectionsFound, type KindOfWork, type LabSection } from './kind-of-work';

/** A spelling check over a dictionary (the offline engine passes the English one). */
export type SpellChecker = { isCorrect(word: string): boolean };

/**
 * Drafts a grade without a model: the work is measured on seven dimensions, each from evidence in
 * the text (and each strength or area for improvement quotes the sentence it rests on); the
 * dimensions are combined per rubric criterion, or overall against the description; teacher
 * examples nudge the scale. Everything is deterministic: the same work gets the same draft.
 */

const percent = (value: number) => `${Math.round(value * 100)}`;

const dimensionLabels: Record<Dimension, string> = {
  relevance: 'relevance to the assignment',
  development: 'development',
  organization: 'organization',
  evidence: 'use of evidence',
  reasoning: 'reasoning and explanation',
  style: 'style and sentence variety',
  mechanics: 'mechanics and conventions',
};

/** Weights for the overall score against a description. */
const descriptionWeights: Record<Dimension, number> = {
  relevance: 0.2,
  development: 0.15,
  organization: 0.2,
  evidence: 0.15,
  reasoning: 0.1,
  style: 0.08,
  mechanics: 0.12,
};

/** What a criterion's wording says it is about. */
const dimensionKeywords: Record<Dimension, RegExp> = {
  relevance: /content|understand|knowledge|topic|purpose|task|prompt|accura|concept|relevan|comprehen|idea/i,
  development: /develop|depth|elaborat|length|thorough|complete/i,
  organization:
    /organi[sz]|structure|paragraph|transition|flow|coheren|introduc|conclu|sequenc|order|thesis|claim|position|main idea/i,
  evidence: /evidence|support|example|source|citation|cite|quot|research|data|fact|detail/i,
  reasoning:
    /analy|reason|explain|explanation|critical|insight|interpret|argument|think|evaluat|connect|synthes|justif/i,
  style: /style|voice|word choice|vocabular|diction|sentence|fluency|tone|language|audience|creativ|original|engag/i,
  mechanics: /grammar|spelling|mechanic|punctuat|convention|capitali|usage|proofread|format|mla|apa|editing/i,
};

type Assessment = {
  analysis: TextAnalysis;
  requirements: Requirements;
  terms: { all: string[]; found: string[]; missing: string[] };
  dimensions: Record<Dimension, DimensionResult>;
  thesisScore: number;
  conclusionScore: number;
  kind: KindOfWork;
};

// ---------------------------------------------------------------------------------------------
// The seven dimensions
// ---------------------------------------------------------------------------------------------

function assess(
  text: string,
  assignmentName: string,
  descriptionText: string,
  termSource: string,
  speller: SpellChecker | null,
): Assessment {
  const analysis = analyzeText(text);
  const requirements = extractRequirements(descriptionText);
  const kind = kindOfWork({ assignmentName, descriptionText, submissionText: text }, analysis, requirements);
  const labSections = kind === 'lab report' ? labSectionsFound(analysis) : [];
  const missingSections = (
    ['question or hypothesis', 'materials and method', 'results', 'conclusion'] as LabSection[]
  ).filter((section) => !labSections.includes(section));
  if (speller) addSpellingIssues(analysis, `${assignmentName} ${termSource}`, speller);
  const allTerms = keyTerms(termSource, 12);
  const coverage = termCoverage(allTerms, analysis.words);
  // A lab report's question and conclusion are its sections; shorter kinds need no thesis or conclusion.
  const hasThesis =
    kind === 'lab report'
      ? labSections.includes('question or hypothesis') || analysis.thesis !== null
      : analysis.thesis !== null;
  const hasConclusion =
    kind === 'lab report'
      ? labSections.includes('conclusion') || analysis.conclusion !== null
      : analysis.conclusion !== null;
  const context: AssessmentContext = {
    assignmentName,
    analysis,
    requirements,
    kind,
    isEssay: kind === 'essay',
    labSections,
    missingSections,
    allTerms,
    coverage,
    sentences: analysis.sentences,
    bodySentences: analysis.sentences.filter((sentence) => sentence.wordCount >= 5),
    paragraphs: analysis.paragraphs,
    wordCount: analysis.wordCount,
    hasThesis,
    hasConclusion,
    thesisScore: hasThesis ? 1 : 0,
    conclusionScore: hasConclusion ? 1 : 0,
  };
  const dimensions = Object.fromEntries(
    DIMENSIONS.map((dimension) => [dimension, assessors[dimension](context)]),
  ) as Record<Dimension, DimensionResult>;
  return {
    analysis,
    requirements,
    terms: { all: allTerms, ...coverage },
    dimensions,
    thesisScore: context.thesisScore,
    conclusionScore: context.conclusionScore,
    kind,
  };
}

const SPELLED_WORD = /\p{L}+(?:['’]\p{L}+)*/gu;
/** Slips another check already names, so a word is not reported twice. */
const NAMED_SLIPS = new Set<MechanicsIssueKind>(['common misspelling', 'missing apostrophe', 'informal abbreviation']);

/**
 * Words not in the dictionary, at most one a sentence: lower-case words only (a capitalised word
 * is too often a name), and never a word of the assignment itself (names, terms it uses).
 */
function addSpellingIssues(analysis: TextAnalysis, assignmentText: string, speller: SpellChecker): void {
  const known = new Set(tokenize(assignmentText));
  const named = new Map<Sentence, Set<string>>();
  for (const issue of analysis.mechanicsIssues) {
    if (NAMED_SLIPS.has(issue.kind))
      named.set(issue.sentence, new Set([...(named.get(issue.sentence) ?? []), issue.detail.toLowerCase()]));
  }
  for (const sentence of analysis.sentences) {
    for (const match of sentence.text.matchAll(SPELLED_WORD)) {
      const word = match[0];
      if (word.length < 3 || word !== word.toLowerCase()) continue;
      const lower = word.replace(/’/g, "'");
      if (known.has(lower) || named.get(sentence)?.has(lower) || speller.isCorrect(word)) continue;
      analysis.mechanicsIssues.push({ kind: 'misspelled word', detail: word, sentence });
      break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Scores to grades
// ---------------------------------------------------------------------------------------------

/** Raw quality 0..1 to a grade fraction: even very weak work that exists earns some credit. */
function toFraction(score: number): number {
  return 0.35 + 0.63 * clamp01(score);
}

function criterionDimensions(criterion: RubricCriterion): Dimension[] {
  const wording = `${criterion.description} ${criterion.long_description ?? ''}`;
  const matched = DIMENSIONS.filter((dimension) => dimensionKeywords[dimension].test(wording));
  if (matched.length > 0) return matched;
  const ratingWording = criterion.ratings
    .map((rating) => `${rating.description} ${rating.long_description ?? ''}`)
    .join(' ');
  return DIMENSIONS.filter((dimension) => dimensionKeywords[dimension].test(ratingWording));
}

function criterionTopics(wording: string): Topic[] {
  const topics: Topic[] = [];
  if (/thesis|claim|position|main idea/i.test(wording)) topics.push('thesis');
  if (/conclu/i.test(wording)) topics.push('conclusion');
  if (/transition|flow/i.test(wording)) topics.push('transitions');
  if (/paragraph|structure/i.test(wording)) topics.push('paragraphs');
  return topics;
}

/** The dimension the criterion's title names (its long description only breaks ties). */
function primaryDimension(criterion: RubricCriterion, used: Dimension[]): Dimension | undefined {
  return used.find((dimension) => dimensionKeywords[dimension].test(criterion.description)) ?? used[0];
}

function pickRating(ratings: RubricRating[], target: number): RubricRating | null {
  let best: RubricRating | null = null;
  for (const rating of ratings) {
    if (!best) best = rating;
    else {
      const distance = Math.abs(rating.points - target);
      const bestDistance = Math.abs(best.points - target);
      if (distance < bestDistance || (distance === bestDistance && rating.points > best.points)) best = rating;
    }
  }
  return best;
}

/** The points of the rating band nearest a target (the target itself when the criterion has no bands). */
function bandPoints(criterion: RubricCriterion, target: number): number {
  const maximum = Math.max(0, criterion.points);
  const rating = pickRating(criterion.ratings, target);
  return rating ? clampGrade(rating.points, maximum) : clampGrade(target, maximum);
}

type MeasuredCriterion = { criterion: RubricCriterion; fraction: number; maximum: number };

/**
 * Rubric bands that add up to a total (the grade on the teacher's scale) as nearly as the bands
 * allow, keeping each criterion's place relative to the others: every criterion's fraction is
 * shifted by one common amount so the targets sum to the total, each takes its nearest band, and
 * then single band steps close what rounding left, each time on the criterion whose target was
 * nearest that step.
 */
export function bandsForTotal(measured: MeasuredCriterion[], total: number): number[] {
  const targetsAt = (shift: number) =>
    measured.map((item) => Math.min(1, Math.max(0, item.fraction + shift)) * item.maximum);
  const sumAt = (shift: number) => targetsAt(shift).reduce((sum, value) => sum + value, 0);
  let low = -1;
  let high = 1;
  for (let step = 0; step < 40; step++) {
    const middle = (low + high) / 2;
    if (sumAt(middle) < total) low = middle;
    else high = middle;
  }
  const targets = targetsAt((low + high) / 2);
  const points = measured.map((item, index) => bandPoints(item.criterion, targets[index] ?? 0));
  const levels = measured.map((item) =>
    item.criterion.ratings.length > 0
      ? [...new Set(item.criterion.ratings.map((rating) => clampGrade(rating.points, item.maximum)))].sort(
          (a, b) => a - b,
        )
      : null,
  );
  for (let moves = 0; moves < 4 * measured.length; moves++) {
    const gap = total - points.reduce((sum, value) => sum + value, 0);
    let best: { index: number; next: number; cost: number } | null = null;
    measured.forEach((_, index) => {
      const bands = levels[index];
      const current = points[index] ?? 0;
      const target = targets[index] ?? 0;
      // A criterion without bands takes its exact share of what is left.
      const next = bands
        ? gap > 0
          ? bands.find((value) => value > current)
          : bands.findLast((value) => value < current)
        : clampGrade(current + gap, measured[index]!.maximum);
      if (next === undefined || next === current) return;
      if (Math.abs(gap - (next - current)) >= Math.abs(gap) - 1e-9) return;
      const cost = Math.abs(next - target) - Math.abs(current - target);
      if (!best || cost < best.cost) best = { index, next, cost };
    });
    if (!best) break;
    const chosen: { index: number; next: number } = best;
    points[chosen.index] = chosen.next;
  }
  return points;
}

type ScaleNudge = {
  teacherAverage: number;
  apply(fraction: number): number;
  describe(before: number, after: number, points: number): string;
} | null;

/** Moves a fraction a quarter of the way toward the teacher's average, at most 10 points in 100. */
function scaleNudge(examples: GradingInput['examples'], pointsPossible: number): ScaleNudge {
  const fractions = examples
    .map((example) => example.score / pointsPossible)
    .filter((value) => Number.isFinite(value))
    .map(clamp01);
  if (fractions.length === 0) return null;
  const teacherAverage = fractions.reduce((total, value) => total + value, 0) / fractions.length;
  return {
    teacherAverage,
    apply: (fraction) => clamp01(fraction + Math.max(-0.1, Math.min(0.1, 0.25 * (teacherAverage - fraction)))),
    describe: (before, after, points) =>
      `Your ${fractions.length} graded example${fractions.length === 1 ? '' : 's'} average ${percent(teacherAverage)}% (${examples.map((example) => `${example.label}: ${formatPoints(example.score)}`).join(', ')}); to match your scale the draft was moved a quarter of the way toward that average, from ${formatPoints(clampGrade(before * points, points))} to ${formatPoints(clampGrade(after * points, points))} of ${formatPoints(points)}.`,
  };
}

// ---------------------------------------------------------------------------------------------
// The draft
// ---------------------------------------------------------------------------------------------

function focusFromInstructions(instructions: string | null): Dimension[] {
  if (!instructions) return [];
  return DIMENSIONS.filter((dimension) => dimensionKeywords[dimension].test(instructions));
}

/**
 * Gives each finding a quote not already used by another: findings with only one possible quote
 * choose first, findings that have other sentences showing the same thing move to an unused one.
 */
function distinctQuotes(findings: Finding[], used: Set<string>): Finding[] {
  for (const finding of findings) if (finding.quote && !finding.alternatives?.length) used.add(finding.quote);
  return findings.map((finding) => {
    if (!finding.quote || !finding.alternatives?.length) return finding;
    if (!used.has(finding.quote)) {
      used.add(finding.quote);
      return finding;
    }
    const alternative = finding.alternatives
      .map((sentence) => shortQuote(sentence))
      .find((quote) => quote !== null && !used.has(quote));
    if (!alternative) return finding;
    used.add(alternative);
    return { ...finding, quote: alternative };
  });
}

function toPoint(finding: Finding): RawQuotedPoint {
  return { text: finding.text.replace(/:$/, '.'), quote: finding.quote };
}

function standardVerdict(fraction: number): string {
  if (fraction >= 0.85) return 'fully meets';
  if (fraction >= 0.7) return 'largely meets';
  if (fraction >= 0.55) return 'partially meets';
  return 'does not yet meet';
}

/**
 * A grade already placed on the teacher's scale (the scale model): the draft's grade and wording
 * follow it, and its review lines replace the description-based account of the grade.
 */
export type ScaleGrade = {
  grade: number;
  review: string[];
  basis: DraftBasis;
  /** With the rubric on: each criterion's rating on the teacher's scale, in the rubric's order. */
  criteria?: CriterionRating[] | null;
};

export function draftGradeOffline(
  input: GradingInput,
  scale: ScaleGrade | null = null,
  speller: SpellChecker | null = null,
): RawGradingDraft {
  const pointsPossible = effectivePointsPossible(input.assignment.pointsPossible);
  const rubric =
    input.options.useRubric && input.assignment.rubric && input.assignment.rubric.length > 0
      ? input.assignment.rubric
      : null;
  const customInstructions = input.options.customInstructions?.trim() || null;
  const mode = input.options.mode;
  const rubricText = rubric ? rubricTermText(rubric) : '';
  const termSource = `${input.assignment.name} ${rubricText} ${input.assignment.descriptionText}`;
  // The description states length and evidence expectations, which hold in rubric mode too.
  const assessment = assess(
    input.ownText ?? input.submissionText,
    input.assignment.name,
    input.assignment.descriptionText,
    termSource,
    speller,
  );
  const { analysis, dimensions } = assessment;
  // With a rubric the scale model sets the total and the criteria share it out (bandsForTotal).
  const usesScale = scale !== null && rubric === null;
  const usesRubricScale = scale !== null && rubric !== null;
  // The teacher's grades teach the scale model; their mean no longer pulls the grade.
  const nudge = scale !== null ? null : scaleNudge(input.examples, pointsPossible);
  const focus = focusFromInstructions(customInstructions);
  const basis: DraftBasis | undefined =
    scale !== null
      ? scale.basis
      : rubric
        ? undefined
        : {
            method: 'description',
            gradesLearnedFrom: 0,
            classSize: (input.classWork ?? []).length + 1,
            agreement: null,
          };
  const common = {
    examplesUsed: nudge ? input.examples.map((example) => ({ label: example.label, score: example.score })) : [],
    ...(basis ? { basis } : {}),
    engine: 'offline' as const,
    filesUsed: input.isFileContentIncluded,
    // Only a focus it can act on counts as applied; free-form wishes are named in the review, not claimed.
    customInstructionsApplied: focus.length > 0,
  };

  if (analysis.wordCount === 0) {
    return {
      grade: 0,
      feedback: 'There is no text in this submission to assess. Please check that the right file was submitted.',
      strengths: [],
      areasForImprovement: [
        { text: 'Submit your work as text or as a readable .docx, .pdf or .txt file.', quote: null },
      ],
      summary: 'The submission contains no readable text.',
      gradeReview:
        'The submission has no readable text (an empty entry, or a file that could not be read). The draft grade is 0; check the submission in Canvas before grading.',
      rubricAssessment: rubric
        ? rubric.map((criterion) => ({
            criterionId: criterion.id,
            points: 0,
            comment: 'No text to assess.',
            quote: null,
          }))
        : null,
      ...common,
    };
  }

  const weighted = DIMENSIONS.reduce(
    (total, dimension) => total + descriptionWeights[dimension] * dimensions[dimension].score,
    0,
  );
  const tooShortCap = analysis.wordCount < 30 ? 0.3 : 1;
  const overallBefore = usesScale
    ? Math.min(tooShortCap, scale.grade / pointsPossible)
    : Math.min(tooShortCap, toFraction(weighted));
  const overall = nudge ? Math.min(tooShortCap, nudge.apply(overallBefore)) : overallBefore;

  // Rubric: one band per criterion from the dimensions its wording names.
  let rubricAssessment: RawRubricAssessmentItem[] | null = null;
  const rubricLines: string[] = [];
  let grade = overall * pointsPossible;
  if (rubric) {
    rubricAssessment = [];
    // First each criterion's own measure, from the dimensions its wording names.
    const measured = rubric.map((criterion) => {
      const matched = criterionDimensions(criterion);
      const used = matched.length > 0 ? matched : [...DIMENSIONS];
      const scores = used.map((dimension) => dimensions[dimension].score);
      const wording = `${criterion.description} ${criterion.long_description ?? ''}`;
      const primary = primaryDimension(criterion, used);
      // Topics from the title; the long description only when the title is about organization.
      const titleTopics = criterionTopics(criterion.description);
      const topics = titleTopics.length > 0 ? titleTopics : primary === 'organization' ? criterionTopics(wording) : [];
      if (topics.includes('thesis')) scores.push(assessment.thesisScore, assessment.thesisScore);
      if (topics.includes('conclusion')) scores.push(assessment.conclusionScore);
      let score = scores.reduce((total, value) => total + value, 0) / scores.length;
      const criterionTerms = keyTerms(wording, 6);
      const criterionCoverage = termCoverage(criterionTerms, analysis.words);
      if (criterionTerms.length > 0)
        score = 0.75 * score + 0.25 * (criterionCoverage.found.length / criterionTerms.length);
      // Short, undeveloped work cannot reach the top band on content criteria.
      if (!(used.length === 1 && used[0] === 'mechanics')) score *= 0.6 + 0.4 * dimensions.development.score;
      const before = Math.min(tooShortCap, toFraction(score));
      const fraction = nudge ? Math.min(tooShortCap, nudge.apply(before)) : before;
      return { criterion, used, primary, topics, score, fraction, maximum: Math.max(0, criterion.points) };
    });
    // Then the bands. With the teacher's scale, the criteria keep their profile (stronger on one,
    // weaker on another) but together add up to the grade the scale model places the work at.
    const rubricTotal = measured.reduce((total, item) => total + item.maximum, 0);
    const scaleTotal = usesRubricScale ? Math.min(tooShortCap, scale.grade / pointsPossible) * rubricTotal : null;
    // Each criterion rated from its own measure on the teacher's scale, when there is a class to
    // measure it against; the total then follows from the criteria.
    const rated = usesRubricScale ? scale.criteria : null;
    const points = rated
      ? measured.map((item, index) => bandPoints(item.criterion, rated[index]?.points ?? item.fraction * item.maximum))
      : scaleTotal === null
        ? measured.map((item) => bandPoints(item.criterion, item.fraction * item.maximum))
        : bandsForTotal(measured, scaleTotal);
    let sum = 0;
    const usedFindings = new Set<string>();
    const usedSeen = new Set<string>();
    // A rating text every criterion shares ("Meets the standard") says nothing about this criterion.
    const ratingTextCounts = new Map<string, number>();
    for (const criterion of rubric)
      for (const text of new Set(criterion.ratings.map((rating) => rating.long_description?.trim() ?? '')))
        if (text) ratingTextCounts.set(text, (ratingTextCounts.get(text) ?? 0) + 1);
    const sharedRatingTexts = new Set(
      rubric.length > 1 ? [...ratingTextCounts].filter(([, count]) => count > 1).map(([text]) => text) : [],
    );
    measured.forEach(({ criterion, used, primary, topics, score, maximum }, index) => {
      const awarded = points[index] ?? 0;
      const rating = criterion.ratings.find((candidate) => clampGrade(candidate.points, maximum) === awarded) ?? null;
      sum += awarded;
      const good = scaleTotal === null ? score >= 0.6 : awarded >= 0.6 * maximum;
      const byRelevance = (a: Finding, b: Finding) =>
        Number(b.dimension === primary) - Number(a.dimension === primary) ||
        Number(Boolean(b.topic && topics.includes(b.topic))) - Number(Boolean(a.topic && topics.includes(a.topic))) ||
        Number(Boolean(b.quote)) - Number(Boolean(a.quote)) ||
        b.weight - a.weight;
      const praise = used.flatMap((dimension) => dimensions[dimension].strengths).sort(byRelevance);
      const concerns = used.flatMap((dimension) => dimensions[dimension].improvements).sort(byRelevance);
      const findings = good ? [...praise, ...concerns] : [...concerns, ...praise];
      // No two criteria share a comment: a finding or observation another criterion already used is not repeated.
      const lead = findings.find((finding) => !usedFindings.has(finding.text));
      if (lead) usedFindings.add(lead.text);
      // The student reads what was seen in their work; the measurements themselves are the teacher's (grade review).
      // A line that repeats a figure the lead already gives ("247 words" twice) is left out.
      const seenLines = used
        .map((dimension) => dimensions[dimension].seen)
        .filter((line) => line && !usedSeen.has(line) && !(lead && repeatsFigure(lead.text, line)));
      for (const line of seenLines) usedSeen.add(line);
      rubricAssessment!.push({
        criterionId: criterion.id,
        points: awarded,
        comment:
          `${rating ? `${rating.description}: ` : ''}${formatPoints(awarded)} of ${formatPoints(maximum)}. ${lead ? `${lead.text} ` : ''}${seenLines.join(' ')} ${nextRatingStep(criterion, awarded, sharedRatingTexts)}`
            .replace(/\s+/g, ' ')
            .trim(),
        quote: lead?.quote ?? null,
        ...(rated?.[index]?.sureness ? { sureness: rated[index].sureness } : {}),
      });
      rubricLines.push(
        `- ${criterion.description}: ${rating?.description ?? 'no rating bands'} ${formatPoints(awarded)}/${formatPoints(maximum)} (score ${percent(score)}/100 from ${used.map((dimension) => dimensionLabels[dimension]).join(', ')}).`,
      );
    });
    grade = sum;
  }
  const fraction = rubric
    ? grade /
      Math.max(
        1,
        rubric.reduce((total, criterion) => total + Math.max(0, criterion.points), 0),
      )
    : overall;

  // Strengths and areas: strongest evidence first; the teacher's focus (custom instructions) first.
  const priority = (finding: Finding) =>
    finding.weight + (focus.includes(finding.dimension) ? 1 : 0) + (finding.quote ? 0.15 : 0);
  const allStrengths = DIMENSIONS.flatMap((dimension) => dimensions[dimension].strengths).sort(
    (a, b) => priority(b) - priority(a),
  );
  const allImprovements = DIMENSIONS.flatMap((dimension) => dimensions[dimension].improvements).sort(
    (a, b) => priority(b) - priority(a),
  );
  const usedQuotes = new Set<string>();
  const strengths = distinctQuotes(allStrengths.slice(0, 3), usedQuotes);
  if (strengths.length === 0) {
    // Even weak work gets one honest, quoted strength: its most developed sentence.
    const best = bestSentence(
      analysis.sentences,
      (sentence) => termCoverage(assessment.terms.found, tokenize(sentence.text)).found.length * 5 + sentence.wordCount,
    );
    if (best)
      strengths.push({
        dimension: 'relevance',
        text: 'You make a start on the topic; this is the idea to build on.',
        quote: shortQuote(best),
        weight: 0.1,
      });
  }
  const improvements = distinctQuotes(allImprovements.slice(0, 3), usedQuotes);
  const onlyStretchGoals = improvements.length === 0;
  if (improvements.length === 0) {
    const closing = analysis.conclusion ?? analysis.sentences.at(-1);
    improvements.push({
      dimension: 'reasoning',
      text: 'To push this further, address a counterargument or a limitation of your evidence and explain why your position still holds.',
      quote: null,
      weight: 0.1,
    });
    if (closing && fraction < 0.95)
      improvements.push({
        dimension: 'organization',
        text: 'Make your conclusion go one step beyond summary: say what follows from your argument.',
        quote: shortQuote(closing, 20),
        weight: 0.05,
      });
  }

  const ranked = [...DIMENSIONS].sort((a, b) => dimensions[b].score - dimensions[a].score);
  const strongest = ranked.slice(0, 2).map((dimension) => dimensionLabels[dimension]);
  const weakest = ranked
    .slice(-2)
    .reverse()
    .map((dimension) => dimensionLabels[dimension]);
  const displayGrade = clampGrade(
    grade,
    rubric
      ? rubric.reduce((total, criterion) => total + Math.max(0, criterion.points), 0) || pointsPossible
      : pointsPossible,
  );
  const outOf = rubric
    ? rubric.reduce((total, criterion) => total + Math.max(0, criterion.points), 0) || pointsPossible
    : pointsPossible;

  // Short quotes, so the feedback stays short; each one still the student's own words, in order.
  const withQuote = (finding: Finding) =>
    finding.quote ? `${finding.text} (“${shorterQuote(finding.quote)}”)` : finding.text;
  const seed = analysis.text;
  const budget = feedbackWordBudget(input.examples);
  // The second and third points of each list go first when the feedback runs over the budget.
  const shortQuoted = (finding: Finding) =>
    finding.quote ? `${finding.text} (“${shorterQuote(finding.quote, 6)}”)` : finding.text;
  const items = (findings: Finding[], bullet: (index: number) => string) =>
    findings.map((finding, index) => ({
      text: `${bullet(index)}${withQuote(finding)}`,
      short: `${bullet(index)}${shortQuoted(finding)}`,
      optional: index === 0 ? 0 : 1 + index,
    }));
  const feedback =
    mode === 'formative'
      ? fitToBudget(
          [
            { text: formativeOpening(seed) },
            { text: '' },
            { text: strengthLead(seed), optional: 1 },
            ...items(strengths, () => '- '),
            { text: '' },
            { text: stepLead(seed), optional: 1 },
            ...items(improvements, (index) => `${index + 1}. `),
            { text: '' },
            { text: formativeClosing(seed, fraction), optional: 5 },
          ],
          budget,
        )
      : fitToBudget(
          [
            {
              text: `${FIRST_NAME}, this submission ${standardVerdict(fraction)} the expectations for “${input.assignment.name}”${rubric ? ' as set out in the rubric' : ''}: ${formatPoints(displayGrade)} out of ${formatPoints(outOf)}.`,
            },
            { text: '' },
            { text: 'The grade is supported by:' },
            ...items(strengths, () => '- '),
            { text: '' },
            { text: onlyStretchGoals ? 'To go further:' : 'Points were lost for:' },
            ...items(improvements, () => '- '),
            ...(rubric
              ? [
                  { text: '' },
                  { text: 'By criterion:' },
                  ...rubricLines.map((line) => ({ text: line.replace(/ \(score .*$/, '') })),
                ]
              : []),
          ],
          // The criterion lines are the grade's account: never cut, and not counted against the budget.
          budget +
            (rubric ? rubricLines.reduce((sum, line) => sum + countWords(line.replace(/ \(score .*$/, '')), 2) : 0),
        );

  const summary = `A ${analysis.wordCount}-word response in ${analysis.paragraphs.length} paragraph${analysis.paragraphs.length === 1 ? '' : 's'}${analysis.thesis ? ' with a clear opening claim' : ' without a clear opening claim'}; strongest in ${listOfAreas(strongest)}; weakest in ${listOfAreas(weakest)}.`;

  const review: string[] = [
    scale !== null
      ? "Drafted by Margin's offline engine, without an AI model: the grade comes from features of the text measured against the rest of the class and placed on your scale, and every quote is the student's own sentence."
      : "Drafted by Margin's offline engine, without an AI model: the grade comes from measurable features of the text, each scored 0-100, and every quote is the student's own sentence.",
    `Judged as ${withArticle(assessment.kind)} (from the assignment's wording and the work's shape), and advised as one.`,
    ...DIMENSIONS.map(
      (dimension) =>
        `- ${capitalize(dimensionLabels[dimension])}: ${percent(dimensions[dimension].score)}/100 (${dimensions[dimension].facts}).`,
    ),
  ];
  if (rubric && usesRubricScale && scale.criteria) {
    const criteria = scale.criteria;
    review.splice(1, 0, ...scale.review);
    review.push(
      `Rubric ratings (each criterion from its own evidence on your scale; the total is their sum: ${formatPoints(grade)} of ${formatPoints(outOf)}):`,
      ...criteria.map((item) => `- ${item.basis}`),
      ...(criteria.some((item) => item.trust)
        ? [
            'On the work you rated with the rubric:',
            ...criteria.flatMap((item) => (item.trust ? [`- ${item.trust}`] : [])),
          ]
        : []),
    );
  } else if (rubric && usesRubricScale) {
    review.splice(1, 0, ...scale.review);
    review.push(
      `Rubric bands (each criterion's score sets its share; together they come to the grade on your scale, as near as the rating bands allow: ${formatPoints(grade)} of ${formatPoints(outOf)}):`,
      ...rubricLines,
    );
  } else if (rubric) {
    review.push(
      `Rubric bands (criterion score mapped to the nearest rating; sum ${formatPoints(grade)} of ${formatPoints(outOf)}):`,
      ...rubricLines,
    );
  } else if (usesScale) {
    review.splice(1, 0, ...scale.review, 'What the feedback rests on, each scored 0-100:');
  } else {
    review.push(
      `Weighted overall ${percent(weighted)}/100, which maps to ${percent(overallBefore)}% of ${formatPoints(pointsPossible)} points (scale: 35% for work that exists, up to 98%).`,
    );
  }
  if (nudge) {
    review.push(
      rubric
        ? `Your ${input.examples.length} graded example${input.examples.length === 1 ? '' : 's'} average ${percent(nudge.teacherAverage)}%; to match your scale each criterion's score was moved a quarter of the way toward that average (at most 10 points in 100) before its band was chosen.`
        : nudge.describe(overallBefore, overall, pointsPossible),
    );
  }
  if (customInstructions) {
    review.push(
      focus.length > 0
        ? `Custom instructions noted (“${truncateText(customInstructions, 200)}”): feedback puts ${list(focus.map((dimension) => dimensionLabels[dimension]))} first. Other wishes in them cannot be applied without an AI model; edit the draft as needed.`
        : `Custom instructions noted (“${truncateText(customInstructions, 200)}”), but the offline engine cannot apply free-form instructions; edit the draft to reflect them.`,
    );
  }
  if (analysis.graderDirectedText.length > 0) {
    review.push(
      `The submission contains text addressed to the grader or an AI (“${truncateText(analysis.graderDirectedText[0]?.text ?? '', 120)}”); it was treated as part of the work and not followed.`,
    );
  }
  if (input.isFileContentIncluded) review.push('Text extracted from the attached files was included.');
  review.push(
    'The offline engine cannot judge whether facts are correct or how insightful the argument is: read the work before approving.',
  );

  return {
    grade: rubric ? grade : overall * pointsPossible,
    feedback,
    strengths: strengths.map(toPoint),
    areasForImprovement: improvements.map(toPoint),
    summary,
    gradeReview: review.join('\n'),
    rubricAssessment,
    ...common,
  };
}

/**
 * What moves the work to the criterion's next rating, in that rating's own words ("Next rating
 * (Proficient): Ideas supported by relevant details."); its title alone when its text is the scale's
 * shared wording; empty at the top rating.
 */
export function nextRatingStep(
  criterion: RubricCriterion,
  awarded: number,
  sharedTexts: ReadonlySet<string> = new Set(),
): string {
  const next = criterion.ratings
    .filter((rating) => rating.points > awarded + 1e-9)
    .sort((a, b) => a.points - b.points)[0];
  if (!next) return '';
  const own = next.long_description?.trim() || '';
  const words = sharedTexts.has(own) ? '' : own;
  if (!words) return next.description.trim() ? `Next rating: ${next.description.trim()}.` : '';
  const firstSentence = words.match(/^[\s\S]*?[.!?](?=\s|$)/)?.[0] ?? words;
  return `Next rating (${next.description.trim() || formatPoints(next.points)}): ${truncateText(firstSentence, 200)}`;
}

function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

function capitalize(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

function truncateText(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

/**
 * Areas of the work for a sentence: "organization and development", but with "and in" between
 * areas whose names have an "and" of their own ("style and sentence variety, and in mechanics and
 * conventions"), so the reader can tell where one ends.
 */
export function listOfAreas(areas: string[]): string {
  if (areas.length < 2 || !areas.some((area) => area.includes(' and '))) return list(areas);
  return `${areas.slice(0, -1).join(', ')}, and in ${areas.at(-1)}`;
}

/**
 * The rubric's words that say what this assignment is about: each criterion's name and description,
 * and the rating descriptions particular to one criterion. A rating description shared by several
 * criteria ("Exceeds the standard in every respect.") is the scale's wording: its words are no key
 * ideas of the assignment, and a student is never told to address "standard" or "respect".
 */
export function rubricTermText(rubric: NonNullable<GradingInput['assignment']['rubric']>): string {
  const criteriaUsing = new Map<string, number>();
  for (const criterion of rubric) {
    for (const text of new Set(
      criterion.ratings.map((rating) => rating.long_description?.trim() ?? '').filter(Boolean),
    )) {
      criteriaUsing.set(text, (criteriaUsing.get(text) ?? 0) + 1);
    }
  }
  return rubric
    .map((criterion) => {
      const particular = criterion.ratings
        .map((rating) => rating.long_description?.trim() ?? '')
        .filter((text) => text && (rubric.length < 2 || criteriaUsing.get(text) === 1));
      return `${criterion.description} ${criterion.long_description ?? ''} ${particular.join(' ')}`;
    })
    .join(' ');
}

/** Whether `line` states a count ("247 words", "3 sentences") that `lead` already states. */
export function repeatsFigure(lead: string, line: string): boolean {
  const figures = line.match(/\b\d+ (?:words?|sentences?|paragraphs?)\b/g) ?? [];
  return figures.some((figure) => lead.includes(figure));
}
