import type { DemoCourse, DemoRubric, DemoRubricCriterion } from '../model';
import type { Random } from '../random';
import type { DemoCanvasState } from '../state';
import { scoreToGrade } from '../domain/grade-interpretation';
import { endOfDayInDenver, iso } from '../time';
import type { Classroom, Student } from './classroom';
import type { DemoFactory } from './factories';
import { handInWork } from './hand-in-work';

/** The assignments that carry each shape of Canvas rubric, by what they show. */
export const RUBRIC_SHAPE_ASSIGNMENTS = {
  range: 'Research Summary: Teens and Sleep (range ratings)',
  freeForm: 'Reading Response: "The Lottery" (free-form rubric comments)',
  notCounted: 'Argument Revision: School Start Times (criterion not counted)',
  hiddenPoints: 'Book Talk Reflection (points hidden from students)',
  outcomes: 'Source Analysis: Sleep Research (outcome-linked criteria)',
  betweenRatings: 'Op-Ed Draft: Phones at Lunch (points between ratings)',
  sharedFirst: 'Journal Entry 1: A Place I Know (shared rubric)',
  sharedSecond: 'Journal Entry 2: A Person I Know (shared rubric)',
} as const;

const SLEEP_PROMPT =
  '<p>Summarise what researchers have found about teenagers and sleep (circadian rhythm, melatonin, school start times) in 300-500 words, citing at least two sources.</p>';

/**
 * One assignment per shape of Canvas rubric (decision 066), in English 10, seeded after everything
 * else so the ids and random draws of the rest of the demo stay as they were.
 */
export function seedRubricShapes(
  context: { factory: DemoFactory; random: Random; classroom: Classroom; now: Date; state: DemoCanvasState },
  course: DemoCourse,
  students: Student[],
): void {
  const { factory, random, classroom, now, state } = context;
  const group = factory.assignmentGroupId('Rubric practice');
  const due = (days: number) => iso(endOfDayInDenver(now, days));
  const students12 = students.slice(0, 12);
  const add = (
    name: string,
    description: string,
    rubric: DemoRubric,
    topic: Parameters<typeof handInWork>[4]['topic'],
  ) => {
    const pointsPossible = rubric.criteria
      .filter((criterion) => !criterion.ignoreForScoring)
      .reduce((sum, criterion) => sum + criterion.points, 0);
    const assignment = factory.assignment(course, {
      name,
      assignmentGroupId: group,
      description,
      pointsPossible,
      dueAt: due(-3),
      rubric,
    });
    const work = handInWork(classroom, random, assignment, students12, { topic, graded: 4, submitted: 6 });
    return { assignment, work };
  };

  // Range ratings: each rating covers the points down to the next rating's.
  const range = factory.rubric('argument', 20, { title: 'Research Summary Rubric (ranges)' });
  for (const criterion of range.criteria) criterion.useRange = true;
  add(RUBRIC_SHAPE_ASSIGNMENTS.range, SLEEP_PROMPT, range, 'later-start');

  // Free-form comments: the teacher writes her own comment on each criterion.
  add(
    RUBRIC_SHAPE_ASSIGNMENTS.freeForm,
    '<p>Respond to "The Lottery": what does the story say about tradition? Quote the text at least twice.</p>',
    factory.rubric('literary', 20, { title: 'Reading Response Rubric (free-form)', freeFormCriterionComments: true }),
    'reading-response',
  );

  // A criterion that is assessed but not counted in the total.
  const notCounted = factory.rubric('argument', 20, { title: 'Revision Rubric' });
  notCounted.criteria.push(
    criterionFrom(factory, 'Revision log (not counted)', 'Lists the changes made since the first draft.', 5, {
      ignoreForScoring: true,
    }),
  );
  add(
    RUBRIC_SHAPE_ASSIGNMENTS.notCounted,
    '<p>Revise your argument on school start times. Keep a short log of what you changed.</p>',
    notCounted,
    'later-start',
  );

  // Points hidden from students.
  add(
    RUBRIC_SHAPE_ASSIGNMENTS.hiddenPoints,
    '<p>Reflect on the book you presented: what did you learn from presenting it, and what would you change next time?</p>',
    factory.rubric('narrative', 20, { title: 'Reflection Rubric (points hidden)', hidePoints: true }),
    'narrative',
  );

  // Criteria linked to learning outcomes, with the outcome's mastery points.
  const outcomes = factory.rubric('literary', 20, { title: 'Source Analysis Rubric (outcomes)' });
  const standards = [
    { title: 'CCSS.ELA-LITERACY.W.9-10.1 Write arguments', mastery: 0.6 },
    { title: 'CCSS.ELA-LITERACY.W.9-10.8 Gather relevant information', mastery: 0.8 },
  ];
  standards.forEach((standard, index) => {
    const criterion = outcomes.criteria[index];
    if (!criterion) return;
    const id = state.nextId('outcome');
    state.outcomes.set(id, {
      id,
      title: standard.title,
      description: `<p>${standard.title}.</p>`,
      vendorGuid: `demo-outcome-${id}`,
      pointsPossible: criterion.points,
      masteryPoints: Math.round(criterion.points * standard.mastery * 2) / 2,
      ratings: criterion.ratings.map((rating) => ({ points: rating.points, description: rating.description })),
    });
    criterion.outcomeId = id;
  });
  add(RUBRIC_SHAPE_ASSIGNMENTS.outcomes, SLEEP_PROMPT, outcomes, 'later-start');

  // Points between ratings: the teacher gave points no rating names.
  const between = add(
    RUBRIC_SHAPE_ASSIGNMENTS.betweenRatings,
    '<p>Write an op-ed (400-600 words): should phones be allowed at lunch? Take a side and answer the other one.</p>',
    factory.rubric('argument', 20, { title: 'Op-Ed Rubric' }),
    'phones',
  );
  for (const submission of between.work.values()) {
    if (!submission.rubricAssessment) continue;
    const [first] = Object.keys(submission.rubricAssessment);
    const entry = first ? submission.rubricAssessment[first] : undefined;
    if (!entry || entry.points === null || entry.points < 1) continue;
    entry.points -= 0.5;
    entry.ratingId = null;
    submission.score = (submission.score ?? 0) - 0.5;
    submission.grade = scoreToGrade(between.assignment, submission.score);
  }

  // One rubric shared by two assignments.
  const shared = factory.rubric('narrative', 20, { title: 'Journal Rubric (shared)' });
  add(
    RUBRIC_SHAPE_ASSIGNMENTS.sharedFirst,
    '<p>Describe a place you know well so a reader could see it.</p>',
    shared,
    'narrative',
  );
  add(
    RUBRIC_SHAPE_ASSIGNMENTS.sharedSecond,
    '<p>Describe a person who matters to you through one moment you shared.</p>',
    shared,
    'narrative',
  );
}

function criterionFrom(
  factory: DemoFactory,
  description: string,
  longDescription: string,
  points: number,
  extra: Partial<DemoRubricCriterion>,
): DemoRubricCriterion {
  return {
    id: factory.rubricPartId(),
    points,
    description,
    longDescription,
    ratings: [
      { id: factory.rubricPartId(), points, description: 'Complete', longDescription: '' },
      { id: factory.rubricPartId(), points: points / 2, description: 'Partial', longDescription: '' },
      { id: factory.rubricPartId(), points: 0, description: 'Missing', longDescription: '' },
    ],
    ...extra,
  };
}
