import type { Random } from '../random';
import { ESSAY_TOPICS, type EssayPoint, type TopicKey } from './essay-topics';

/** How well a synthetic student writes: decides length, structure, evidence and mistakes. */
export type WriterLevel = 'strong' | 'average' | 'weak';

export interface Essay {
  title: string;
  paragraphs: string[];
}

const TRANSITION_SETS = [
  ['First,', 'Second,', 'Finally,'],
  ['To begin with,', 'In addition,', 'Most importantly,'],
  ['First of all,', 'Another point is that', 'Above all,'],
] as const;

/** Words that stay capitalised after a transition ("First, British tax policy..."). */
const PROPER_WORDS = new Set(['British', "Britain's", 'Enlightenment', 'Chinese', 'Native']);

/** The mistakes a struggling writer makes; applied to some words, not all. */
const MISSPELLINGS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bbecause\b/g, 'becuase'],
  [/\ba lot\b/g, 'alot'],
  [/\breally\b/g, 'realy'],
  [/\bbelieve\b/g, 'beleive'],
  [/\bdefinitely\b/g, 'definately'],
  [/\bargument\b/g, 'arguement'],
  [/\bgovernment\b/g, 'goverment'],
  [/\benvironment\b/g, 'enviroment'],
  [/\btheir\b/g, 'there'],
  [/\bwhich\b/g, 'wich'],
  [/\buntil\b/g, 'untill'],
  [/\bsurprised\b/g, 'suprised'],
];

export function writeEssay(random: Random, topicKey: TopicKey, level: WriterLevel): Essay {
  const topic = random.pick(ESSAY_TOPICS[topicKey]);
  const points = topic.isOrdered ? topic.points.slice(0, 3) : random.sample(topic.points, 3);
  const transitions = topic.isOrdered || random.chance(0.3) ? null : random.pick(TRANSITION_SETS);
  const lead = (point: EssayPoint, index: number) => withTransition(random.pick(point.claims), transitions?.[index]);
  // A story only makes sense with its details in order; arguments can pick any of them.
  const support = (point: EssayPoint, count: number) =>
    topic.isOrdered ? point.support.slice(0, count) : inOrder(random, point.support, count);
  const casual = deck(random, topic.casual);

  if (level === 'strong') {
    const paragraphs = [
      [random.pick(topic.hooks), ...inOrder(random, topic.context, 2), random.pick(topic.theses)],
      ...points.map((point, i) => [lead(point, i), ...support(point, 3), random.pick(point.evidence)]),
    ];
    if (topic.counter)
      paragraphs.push([random.pick(topic.counter.claims), ...inOrder(random, topic.counter.rebuttals, 2)]);
    paragraphs.push(inOrder(random, topic.conclusions, 3));
    return { title: topic.title, paragraphs: paragraphs.map((sentences) => sentences.join(' ')) };
  }
  if (level === 'average') {
    const paragraphs = [
      [random.pick(topic.hooks), random.pick(topic.theses)],
      ...points.map((point, i) => [
        lead(point, i),
        ...support(point, random.int(2, 3)),
        random.chance(0.5) ? random.pick(point.evidence) : casual(),
      ]),
      inOrder(random, topic.conclusions, 2),
    ];
    return { title: topic.title, paragraphs: paragraphs.map((sentences) => sentences.join(' ')) };
  }
  const paragraphs = [
    [casual(), random.pick(topic.theses)],
    ...points.map((point) => [random.pick(point.claims), casual(), ...support(point, 2)]),
    [random.pick(topic.conclusions)],
  ];
  return { title: topic.title, paragraphs: paragraphs.map((sentences) => roughen(random, sentences.join(' '))) };
}

/** One paragraph, e.g. a quiz essay answer or a short response. */
export function writeParagraph(random: Random, topicKey: TopicKey, level: WriterLevel): string {
  const topic = random.pick(ESSAY_TOPICS[topicKey]);
  const point = random.pick(topic.points);
  if (level === 'weak')
    return roughen(random, [random.pick(topic.casual), random.pick(point.claims), random.pick(topic.casual)].join(' '));
  const supportCount = level === 'strong' ? 3 : 2;
  return [
    random.pick(point.claims),
    ...inOrder(random, point.support, supportCount),
    ...(level === 'strong' ? [random.pick(point.evidence)] : []),
  ].join(' ');
}

/** A first post in a discussion: an opinion with some support. */
export function writeDiscussionPost(random: Random, topicKey: TopicKey, level: WriterLevel): string {
  const topic = random.pick(ESSAY_TOPICS[topicKey]);
  const point = random.pick(topic.points);
  if (level === 'weak')
    return html([
      roughen(random, [random.pick(topic.casual), random.pick(point.claims), random.pick(topic.casual)].join(' ')),
    ]);
  const first = [
    random.pick(topic.theses),
    random.pick(point.claims),
    ...inOrder(random, point.support, level === 'strong' ? 2 : 1),
  ];
  if (level === 'average') return html([first.join(' ')]);
  const second = topic.counter
    ? [random.pick(topic.counter.claims), random.pick(topic.counter.rebuttals)]
    : [random.pick(point.evidence)];
  return html([[...first, random.pick(point.evidence)].join(' '), second.join(' ')]);
}

/** A reply to a classmate, addressed by first name. */
export function writeDiscussionReply(random: Random, topicKey: TopicKey, toFirstName: string): string {
  const topic = random.pick(ESSAY_TOPICS[topicKey]);
  const point = random.pick(topic.points);
  const support = random.pick(point.support);
  const other = topic.counter ? random.pick(topic.counter.claims) : random.pick(point.claims);
  const replies = [
    `I agree with you, ${toFirstName}. ${support}`,
    `${toFirstName}, that is a really good point. ${support}`,
    `I see it a little differently, ${toFirstName}. ${other}`,
    `Good post, ${toFirstName}! ${random.pick(topic.casual)}`,
    `${toFirstName}, I had not thought about it that way before. ${support} Do you think that changes your answer?`,
  ];
  return html([random.pick(replies)]);
}

export function writeIntroduction(random: Random, firstName: string, hobbies: readonly string[]): string {
  const [first, second] = random.sample(hobbies, 2);
  const goals = [
    'This year I want to get better at writing essays that actually sound like me.',
    'My goal for this class is to read more books that I would not normally pick.',
    'I am hoping to feel more confident speaking up in discussions.',
    'I want to improve my grades from last year and stay organized.',
  ];
  return html([
    `Hi everyone! My name is ${firstName}. Outside of school I spend most of my time ${first} and ${second}. ${random.pick(goals)}`,
  ]);
}

export function writeIntroductionReply(random: Random, toFirstName: string): string {
  const replies = [
    `Welcome, ${toFirstName}! We should compare notes sometime.`,
    `Hi ${toFirstName}, I did not know you were into that. That sounds like a lot of fun.`,
    `Same goal here, ${toFirstName}. Good luck this year!`,
    `${toFirstName}, we had English together last year! Glad we are in the same class again.`,
  ];
  return html([random.pick(replies)]);
}

/** Student HTML as Canvas's editor stores it: a paragraph per block, sometimes a heading. */
export function essayToHtml(random: Random, essay: Essay): string {
  const heading = random.chance(0.3) ? `<h3>${escape(essay.title)}</h3>` : '';
  return heading + essay.paragraphs.map((paragraph) => `<p>${emphasise(escape(paragraph))}</p>`).join('');
}

export function essayToText(essay: Essay): string {
  return [essay.title, ...essay.paragraphs].join('\n\n');
}

export function wordCount(text: string): number {
  return text
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
}

function html(paragraphs: string[]): string {
  return paragraphs.map((paragraph) => `<p>${escape(paragraph)}</p>`).join('');
}

/** Deals items in a shuffled order without repeats until all are used, then starts over. */
function deck<T>(random: Random, items: readonly T[]): () => T {
  let remaining: T[] = [];
  return () => {
    if (remaining.length === 0) remaining = random.shuffle(items);
    return remaining.pop() as T;
  };
}

/** `count` items picked at random but kept in their original order (conclusions read better). */
function inOrder<T>(random: Random, items: readonly T[], count: number): T[] {
  const indexes = random
    .sample(
      items.map((_, i) => i),
      count,
    )
    .sort((a, b) => a - b);
  return indexes.map((i) => items[i] as T);
}

function withTransition(claim: string, transition: string | undefined): string {
  if (!transition) return claim;
  const firstWord = claim.split(' ')[0] ?? '';
  const body = PROPER_WORDS.has(firstWord) ? claim : claim.charAt(0).toLowerCase() + claim.slice(1);
  return `${transition} ${body}`;
}

function roughen(random: Random, text: string): string {
  let rough = text;
  for (const [pattern, misspelling] of MISSPELLINGS) {
    rough = rough.replace(pattern, (word) => (random.chance(0.6) ? misspelling : word));
  }
  if (random.chance(0.5)) rough = rough.replace(/\b(do|can|is|did|does|was)n't\b/g, '$1nt');
  if (random.chance(0.4)) rough = rough.replace(/\bI\b/g, 'i');
  return rough;
}

function emphasise(text: string): string {
  return text.replace(/&quot;(The Tell-Tale Heart|The Road Not Taken|Common Sense)&quot;/g, '<em>$1</em>');
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
