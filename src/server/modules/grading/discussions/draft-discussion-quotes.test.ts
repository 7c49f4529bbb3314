import { describe, expect, it } from 'vitest';
import type { DiscussionStudent, GradingDiscussion } from '@/shared/schemas/discussion-grading';
import { offlineDrafter } from '../drafting/offline/draft-offline';
import type { RosterMember } from '../kernel/redaction';
import { draftDiscussionFeedback, prepareDiscussionClass } from './draft-discussion-feedback';

/** A draft quotes the student's own posts only: never a classmate's words or the prompt's labels. */
const CLASSMATE_POST =
  'Honestly I think social media ruins teenage sleep because everyone stays awake for notifications until midnight. My cousin gets four hours a night and fails tests.';
const OWN_INITIAL =
  'Social media helps teens find communities they cannot find at school. For example, my friend found a coding club online that taught her Python. However, it can also spread rumours quickly, so teens need to learn to check sources before sharing anything.';
const OWN_REPLY =
  'I see your point about sleep, but the research we read says the problem is screens at night in general, not social media itself.';

function student(): DiscussionStudent {
  const base = { updated_at: null, reply_count: 0 };
  return {
    user: { id: 2001, name: 'Ana Bennett', sortable_name: 'Bennett, Ana', email: null, avatar_url: null },
    workflow_state: 'submitted',
    missing: false,
    submitted_at: '2026-11-13T02:02:00Z',
    posts: [
      {
        ...base,
        id: 1,
        parent_id: null,
        message: `<p>${OWN_INITIAL}</p>`,
        created_at: '2026-11-13T02:02:00Z',
        is_reply: false,
        in_reply_to: null,
      },
      {
        ...base,
        id: 2,
        parent_id: 9,
        message: `<p>${OWN_REPLY}</p>`,
        created_at: '2026-11-14T10:00:00Z',
        is_reply: true,
        in_reply_to: {
          id: 9,
          author_name: 'Rafael Turner',
          message: `<p>${CLASSMATE_POST}</p>`,
          created_at: '2026-11-13T09:00:00Z',
          is_deleted: false,
        },
      },
    ],
    post_count: 2,
    initial_post_count: 1,
    reply_count: 1,
    participation: 'good',
    original_post_preview: OWN_INITIAL.slice(0, 200),
    grade: {
      submission_id: 1,
      score: null,
      grade: null,
      graded_at: null,
      excused: false,
      submission_comments: [],
      rubric_assessment: null,
    },
  } as unknown as DiscussionStudent;
}

const discussion = {
  id: 6101,
  title: 'Is Social Media Good for Teens?',
  message: '<p>Post your answer with at least one reason and one piece of evidence, then reply to two classmates.</p>',
  points_possible: 10,
  rubric: null,
  use_rubric_for_grading: false,
  grading_type: 'points',
  is_graded: true,
} as unknown as GradingDiscussion;

describe('discussion draft quotes', () => {
  it.each(['formative', 'summative'] as const)(
    'never puts a classmate post or prompt scaffolding into the %s feedback',
    async (mode) => {
      const drafted = student();
      const roster = [
        { id: 2001, names: ['Ana Bennett', 'Bennett, Ana'], emails: [] },
        { id: 2002, names: ['Rafael Turner'], emails: [] },
      ];
      const response = await draftDiscussionFeedback({
        engine: offlineDrafter,
        discussion,
        student: drafted,
        classroom: prepareDiscussionClass([drafted], roster),
        options: { mode, useRubric: false, customInstructions: null },
      });
      const { draft } = response;
      const everything = [
        draft.feedback,
        draft.summary,
        ...[...draft.strengths, ...draft.areasForImprovement].map((point) => `${point.text} ${point.quote ?? ''}`),
      ].join('\n');
      for (const fragment of [
        'notifications until midnight',
        'My cousin gets four hours',
        '[CLASSMATE]',
        'context only',
        'Post 1:',
        'Post 2:',
        'Participation:',
        '()',
        '(“”)',
      ]) {
        expect(everything).not.toContain(fragment);
      }
      const quotes = [...draft.strengths, ...draft.areasForImprovement].flatMap((point) =>
        point.quote ? [point.quote] : [],
      );
      expect(quotes.length).toBeGreaterThan(0);
      for (const quote of quotes) expect(`${OWN_INITIAL}\n${OWN_REPLY}`).toContain(quote);
    },
  );
});

describe('discussion class work and examples', () => {
  function classmate(
    id: number,
    name: string,
    sortable: string,
    post: string,
    score: number | null,
    comment?: string,
  ): DiscussionStudent {
    const base = student();
    return {
      ...base,
      user: { ...base.user, id, name, sortable_name: sortable },
      posts: [{ ...base.posts[0]!, id: id * 10, message: `<p>${post}</p>` }],
      post_count: 1,
      grade: {
        ...base.grade,
        score,
        submission_comments: comment
          ? [{ id: id, author_name: 'Ms Teacher', comment, created_at: '2026-11-15T00:00:00Z' }]
          : [],
      },
    } as unknown as DiscussionStudent;
  }
  const classmates = [
    student(),
    classmate(
      2002,
      'Rafael Turner',
      'Turner, Rafael',
      'I agree with Ana Bennett and with Mia Lopez about sleep.',
      8,
      'Good reply to Mia Lopez, Rafael.',
    ),
    classmate(2003, 'Mia Lopez', 'Lopez, Mia', 'Rafael Turner is right that screens keep Turner awake.', null),
  ];
  const roster: RosterMember[] = [
    { id: 2002, names: ['Rafael Turner', 'Turner, Rafael'], emails: [] },
    { id: 2003, names: ['Mia Lopez', 'Lopez, Mia'], emails: [] },
    { id: 9001, names: ['Ms Teacher'], emails: [] },
    { id: 2001, names: ['Ana Bennett', 'Bennett, Ana'], emails: [] },
  ];

  it('replaces every name in each classmate’s posts and leaves the drafted student out', async () => {
    const work = await prepareDiscussionClass(classmates, roster).classWorkFor(2001);
    expect(work).toHaveLength(2);
    expect(work.map((item) => item.grade)).toEqual([8, null]);
    for (const item of work) {
      for (const name of ['Ana', 'Bennett', 'Rafael', 'Turner', 'Mia', 'Lopez']) expect(item.text).not.toContain(name);
      expect(item.text).toContain('[CLASSMATE]');
    }
  });

  it('replaces every name in a graded example’s comment and excerpt', () => {
    const [example, ...others] = prepareDiscussionClass(classmates, roster).examplesFor(2001);
    expect(others).toEqual([]);
    expect(example!.score).toBe(8);
    for (const name of ['Ana', 'Bennett', 'Rafael', 'Mia', 'Lopez']) {
      expect(example!.comment).not.toContain(name);
      expect(example!.excerpt).not.toContain(name);
    }
  });
});
