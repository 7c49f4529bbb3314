import {
  diverPhases,
  gradeLevelLabels,
  subjectLabels,
  type DiverPhase,
  type GradeLevel,
  type IntegrationRequest,
  type IntegrationResult,
  type IntegrationSuggestion,
  type RevisionRequest,
  type Subject,
} from '@/shared/schemas/ai';
import { keyTerms, tokenize } from '@/server/core/key-terms';

/**
 * The AI-literacy tool without a model: what the assignment asks students to do (its task verbs,
 * key terms and deliverable) is read from its own text and combined with a pattern per DIVER phase,
 * adapted to the subject, grade level and time available.
 */

export type AssignmentProfile = {
  title: string;
  /** Task phrases from the text, e.g. "write a persuasive essay about school uniforms". */
  tasks: string[];
  /** The task verbs, e.g. ["write", "research", "present"]. */
  verbs: string[];
  /** Content terms, most frequent first; proper-noun phrases first when present. */
  terms: string[];
  /** What students hand in: "essay", "lab report", "presentation"... */
  deliverable: string;
  /** What kind of work it is, which decides how AI fits each phase. */
  kind: AssignmentKind;
  /** What the assignment is about, as a noun phrase: "the Harlem Renaissance", "quadratic equations". */
  topic: string;
  subject: Subject;
  gradeLevel: GradeLevel;
  time: TimePlan;
};

export type AssignmentKind = 'lab' | 'research' | 'problems' | 'discussion' | 'creative' | 'analysis' | 'general';

type TimePlan = {
  label: string;
  unit: 'class period' | 'day' | 'week' | 'minute' | 'hour' | null;
  amount: number | null;
};

const TASK_VERBS = [
  'write',
  'research',
  'analyze',
  'analyse',
  'create',
  'design',
  'compare',
  'contrast',
  'explain',
  'describe',
  'present',
  'investigate',
  'evaluate',
  'argue',
  'read',
  'discuss',
  'summarize',
  'summarise',
  'solve',
  'calculate',
  'prove',
  'build',
  'draw',
  'paint',
  'compose',
  'identify',
  'interpret',
  'develop',
  'construct',
  'plan',
  'conduct',
  'measure',
  'record',
  'graph',
  'collect',
  'choose',
  'select',
  'explore',
  'reflect',
  'respond',
  'propose',
  'defend',
  'critique',
  'review',
  'outline',
  'draft',
  'revise',
  'edit',
  'illustrate',
  'model',
  'predict',
  'test',
  'observe',
  'debate',
  'interview',
  'map',
  'cite',
  'find',
  'examine',
  'list',
  'complete',
  'submit',
  'prepare',
  'post',
  'reply',
];

const DELIVERABLES = [
  'research paper',
  'research essay',
  'short story',
  'discussion post',
  'lab report',
  'persuasive essay',
  'argumentative essay',
  'literary analysis',
  'book report',
  'problem set',
  'slide deck',
  'essay',
  'report',
  'presentation',
  'poster',
  'project',
  'poem',
  'story',
  'portfolio',
  'video',
  'podcast',
  'infographic',
  'debate',
  'worksheet',
  'proof',
  'experiment',
  'journal',
  'letter',
  'speech',
  'timeline',
  'map',
  'brochure',
  'artwork',
  'sketch',
  'painting',
  'model',
  'paper',
  'analysis',
  'reflection',
  'blog post',
  'website',
  'exhibit',
  'proposal',
  'review',
  'summary',
  'diagram',
];

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  a: 1,
  an: 1,
};

export function parseTime(estimatedTime: string): TimePlan {
  const label = estimatedTime.trim();
  const match = label
    .toLowerCase()
    .match(
      /(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|an?)\s*(class periods?|periods?|lessons?|classes|sessions?|days?|weeks?|minutes?|mins?|hours?|hrs?)/,
    );
  if (!match) return { label, unit: null, amount: null };
  const amount = NUMBER_WORDS[match[1] ?? ''] ?? Number.parseFloat(match[1] ?? '');
  const word = match[2] ?? '';
  const unit = /period|lesson|class|session/.test(word)
    ? 'class period'
    : /day/.test(word)
      ? 'day'
      : /week/.test(word)
        ? 'week'
        : /min/.test(word)
          ? 'minute'
          : 'hour';
  return { label, unit, amount: Number.isFinite(amount) ? amount : null };
}

const TRAILING_FILLER = /\s+(?:and|or|the|a|an|of|to|on|in|for|with|from|by|at|as|your|their|its)$/i;

/** The head of a task sentence: up to the first clause break, at most ten words. */
export function taskPhrase(sentence: string): string {
  let phrase =
    sentence.split(
      /(?<!\d),|,(?!\d)|[:;(]|\s(?:explaining|which|that|who|where|so that|in order to|because|using|such as|including)\s/,
    )[0] ?? sentence;
  phrase = phrase
    .replace(/[.!?]+$/, '')
    .split(/\s+/)
    .slice(0, 10)
    .join(' ');
  while (TRAILING_FILLER.test(phrase)) phrase = phrase.replace(TRAILING_FILLER, '');
  return phrase.trim();
}

function sentencesOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n+|(?<=[.!?])\s+/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)]|[a-z][.)])\s*/i, '').trim())
    .filter((line) => line.length > 0);
}

/** Reads the tasks, terms and deliverable out of the assignment's own words. */
export function profileAssignment(request: {
  assignmentTitle: string;
  assignmentText: string;
  subject: Subject;
  gradeLevel: GradeLevel;
  estimatedTime: string;
}): AssignmentProfile {
  const text = request.assignmentText;
  const tasks: string[] = [];
  const verbs: string[] = [];
  for (const sentence of sentencesOf(text)) {
    const lower = sentence.toLowerCase();
    const direct = lower.match(
      /^(?:please\s+|you will\s+|you should\s+|students will\s+|students should\s+|your task is to\s+|you are to\s+|be sure to\s+|then\s+|first,?\s+|next,?\s+|finally,?\s+)?([a-z]+)\b/,
    );
    const verb = direct?.[1];
    if (verb && TASK_VERBS.includes(verb)) {
      const phrase = taskPhrase(sentence.slice(lower.indexOf(verb)));
      if (phrase.split(/\s+/).length >= 2 && !tasks.some((task) => task.toLowerCase() === phrase.toLowerCase())) {
        tasks.push(phrase.charAt(0).toLowerCase() + phrase.slice(1));
        if (!verbs.includes(verb)) verbs.push(verb);
      }
    }
  }
  const lowerAll = `${request.assignmentTitle} ${text}`.toLowerCase();
  const deliverable = DELIVERABLES.find((item) => new RegExp(`\\b${item}s?\\b`).test(lowerAll)) ?? 'assignment';
  // Capitalised phrases of two words or more ("Great Depression", "Romeo and Juliet").
  const trailingVerb = new RegExp(`(?:[ \\t]+(?:${TASK_VERBS.join('|')}))+$`, 'i');
  // Never across a line break, and never ending in the next sentence's capitalised verb.
  const properNouns = [
    ...text.matchAll(/\b[A-Z][a-z]+(?:[ \t]+(?:of|and|the|de|la)[ \t]+[A-Z][a-z]+|[ \t]+[A-Z][a-z]+)+/g),
  ]
    .map((match) =>
      match[0]
        .replace(trailingVerb, '')
        .replace(
          /^(?:The|A|An|In|On|At|For|Use|Make|You|Your|Students|Please|This|Then|First|Next|Finally|Each|Write|Read|Choose)\s+/,
          '',
        ),
    )
    .filter((phrase) => phrase.split(/\s+/).length >= 2)
    // "the Great Depression" keeps its article when the text uses one.
    .map((phrase) =>
      new RegExp(`\\bthe\\s+${phrase.replace(/\s+/g, '\\s+')}`, 'i').test(text) ? `the ${phrase}` : phrase,
    );
  const deliverableWords = new Set(deliverable.split(' '));
  const common = keyTerms(`${request.assignmentTitle} ${request.assignmentTitle} ${text}`, 14).filter(
    (term) =>
      !TASK_VERBS.includes(term) &&
      !deliverableWords.has(term) &&
      !/^(students?|class|teacher|grade|points|due|include|including)$/.test(term),
  );
  const terms = [...new Set([...properNouns.slice(0, 3), ...common])].slice(0, 8);
  const kind = kindOf(`${request.assignmentTitle}\n${text}`, deliverable, request.subject);
  return {
    title: request.assignmentTitle.trim(),
    tasks: tasks.slice(0, 6),
    verbs,
    terms:
      terms.length > 0
        ? terms
        : tokenize(request.assignmentTitle)
            .filter((word) => word.length > 3)
            .slice(0, 3),
    deliverable: kind === 'discussion' && deliverable === 'assignment' ? 'discussion post' : deliverable,
    kind,
    topic: topicOf(request.assignmentTitle, text, properNouns, kind),
    subject: request.subject,
    gradeLevel: request.gradeLevel,
    time: parseTime(request.estimatedTime),
  };
}

/** The kind of work, from the words the teacher used for it. */
export function kindOf(text: string, deliverable: string, subject: Subject): AssignmentKind {
  const lower = text.toLowerCase();
  if (/\blab(?:oratory)? report\b|\bexperiment\b|\bhypothesis\b/.test(lower)) return 'lab';
  if (/\bdiscussion\b|\bforum\b|\b(?:reply|respond) to (?:two|three|\d+|your) classmates?\b/.test(lower))
    return 'discussion';
  if (/\bproblem set\b|\bproblems? \d|\bequations?\b|\bshow (?:all )?(?:of )?your work\b|\bproofs?\b/.test(lower))
    return 'problems';
  if (/\bcreative writing\b|\bshort story\b|\bpoem\b|\bnarrative\b|\bcharacters\b/.test(lower)) return 'creative';
  if (/\bresearch\b|\bcredible sources\b|\bworks cited\b|\bbibliography\b|\bcitations?\b/.test(lower))
    return 'research';
  if (subject === 'english' && /\bnovel\b|\bauthor\b|\btheme\b|\bliterary\b|\bpassage\b/.test(lower)) return 'analysis';
  if (/analysis|essay/.test(deliverable)) return 'analysis';
  return 'general';
}

/** Words in a title that say what kind of work it is, not what it is about ("Lab Report:", "Week 5 Discussion:"). */
const KIND_WORDS =
  /\b(?:week|unit|module|part|lesson)\s+\d+\b|\b(?:lab(?:oratory)? report|lab|problem set|homework|worksheet|discussion(?: post| board)?|forum|creative writing|research|essay|paper|report|project|assignment|quiz)\b/gi;

/**
 * What the assignment is about, as a noun phrase that reads well after "about": a name the title
 * and the text share ("the Harlem Renaissance"), else the title without the words that only say
 * what kind of work it is ("Quadratic Equations Problem Set" → "quadratic equations").
 */
export function topicOf(title: string, text: string, properNouns: string[], kind: AssignmentKind): string {
  const lowerTitle = title.toLowerCase();
  const shared = properNouns.find((phrase) => lowerTitle.includes(phrase.replace(/^the\s+/, '').toLowerCase()));
  if (shared) return shared;
  if (kind === 'creative') return 'your story';
  const parts = title
    .replace(KIND_WORDS, ' ')
    .split(/\s*[:–—]\s*/)
    .map((part) =>
      part
        .replace(/[^\p{L}\p{N}'’ -]+/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((part) => /\p{L}/u.test(part));
  const phrase = parts.at(-1);
  if (phrase && phrase.split(' ').length <= 8) {
    // A word keeps its capital only where the text capitalises it mid-sentence (a name).
    const isName = (word: string) => new RegExp(`[\\p{Ll},;] ${word}\\b`, 'u').test(text);
    return phrase
      .split(' ')
      .map((word) => (isName(word) ? word : word.toLowerCase()))
      .join(' ');
  }
  return properNouns[0] ?? 'the topic';
}

// ---------------------------------------------------------------------------------------------
// Wording by grade level and subject
// ---------------------------------------------------------------------------------------------

type Audience = { who: string; aiAccess: string; reflectionForm: string; logForm: string };

function audienceFor(gradeLevel: GradeLevel): Audience {
  switch (gradeLevel) {
    case 'elementary':
      return {
        who: 'the class, led by the teacher',
        aiAccess: 'the teacher types the prompts into a classroom AI tool on the board (students do not need accounts)',
        reflectionForm: 'a drawing or two sentences',
        logForm: 'a class chart of what the AI said and what we checked',
      };
    case 'middle':
      return {
        who: 'pairs of students',
        aiAccess: 'students use a school-approved AI tool in pairs, with sentence starters for their prompts',
        reflectionForm: 'a short paragraph with sentence starters',
        logForm: 'a simple AI log (prompt, answer, what I kept, what I changed)',
      };
    case 'college':
      return {
        who: 'students individually or in study groups',
        aiAccess: 'students use the AI tools permitted by the course policy and cite them',
        reflectionForm: 'a reflective memo of 250-400 words',
        logForm: 'an AI-use appendix with prompts, outputs and a disclosure statement',
      };
    case 'high':
    default:
      return {
        who: 'students individually and in small groups',
        aiAccess: 'students use a school-approved AI tool and keep their prompts',
        reflectionForm: 'a reflection of one or two paragraphs',
        logForm: 'an AI log (prompt, answer, what I kept, what I changed and why)',
      };
  }
}

type SubjectFlavour = { sources: string; checkMethod: string; perspectives: string; craft: string };

function subjectFlavour(subject: Subject): SubjectFlavour {
  switch (subject) {
    case 'english':
      return {
        sources: 'the text itself and reliable literary criticism',
        checkMethod: 'finding the exact passage in the text that supports or contradicts the claim',
        perspectives: 'different readings and interpretations',
        craft: 'voice, word choice and structure',
      };
    case 'math':
      return {
        sources: 'the textbook, worked examples and their own calculations',
        checkMethod: 'redoing each step by hand and testing the result with a second method or an estimate',
        perspectives: 'different solution strategies',
        craft: 'clear reasoning and correct notation',
      };
    case 'science':
      return {
        sources: 'the textbook, lab data and peer-reviewed or agency sources',
        checkMethod: 'comparing the claim with their own data and a reliable scientific source',
        perspectives: 'competing hypotheses and explanations',
        craft: 'precise scientific vocabulary and evidence-based claims',
      };
    case 'social-studies':
      return {
        sources: 'primary sources, official statistics and reputable news outlets',
        checkMethod: 'lateral reading: checking who says so and what other sources say',
        perspectives: 'the viewpoints of different groups and stakeholders',
        craft: 'balanced, evidence-based argument',
      };
    case 'history':
      return {
        sources: 'primary sources and the work of historians',
        checkMethod: 'comparing the claim with primary sources and checking dates, names and context',
        perspectives: 'the perspectives of people who lived through the events and of later historians',
        craft: 'historical argument grounded in sources',
      };
    case 'art':
      return {
        sources: "artworks, artists' statements and museum collections",
        checkMethod: 'comparing the claim with the artwork itself and reliable museum or artist sources',
        perspectives: 'different styles, traditions and interpretations',
        craft: 'personal style and intentional choices',
      };
    default:
      return {
        sources: 'course materials and reliable sources',
        checkMethod: 'checking each claim against course materials and a second reliable source',
        perspectives: 'several points of view',
        craft: 'their own voice and reasoning',
      };
  }
}

function labelOfSubject(subject: Subject): string {
  return subject ? subjectLabels[subject] : '';
}

function labelOfGrade(gradeLevel: GradeLevel): string {
  return gradeLevel ? gradeLevelLabels[gradeLevel] : '';
}

// ---------------------------------------------------------------------------------------------
// The five suggestions
// ---------------------------------------------------------------------------------------------

const phaseShare: Record<DiverPhase, number> = {
  Discovery: 0.15,
  'Interaction & Collaboration': 0.2,
  Verification: 0.2,
  'Editing & Iteration': 0.3,
  Reflection: 0.15,
};

/** Whole days or class periods per phase (largest remainder), when the time is given in them. */
function allocateUnits(total: number): Record<DiverPhase, number> {
  const exact = diverPhases.map((phase) => total * phaseShare[phase]);
  const floors = exact.map(Math.floor);
  let remaining = Math.round(total) - floors.reduce((sum, value) => sum + value, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of order) {
    if (remaining <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    remaining -= 1;
  }
  return Object.fromEntries(diverPhases.map((phase, index) => [phase, floors[index] ?? 0])) as Record<
    DiverPhase,
    number
  >;
}

function timeFor(phase: DiverPhase, time: TimePlan): string {
  if (!time.unit || !time.amount) return `about ${Math.round(phaseShare[phase] * 100)}% of the time`;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  switch (time.unit) {
    case 'class period':
    case 'day':
    case 'week': {
      const unitName = time.unit === 'class period' ? 'class period' : 'school day';
      const total = time.unit === 'week' ? time.amount * 5 : time.amount;
      if (total >= 5) {
        const count = allocateUnits(total)[phase];
        return count > 0 ? `about ${plural(count, unitName)}` : `part of a ${unitName}, shared with the next phase`;
      }
      const minutes = Math.max(
        10,
        Math.round((total * phaseShare[phase] * (time.unit === 'class period' ? 50 : 300)) / 5) * 5,
      );
      return `about ${minutes} minutes`;
    }
    case 'hour':
      return `about ${Math.max(10, Math.round((time.amount * phaseShare[phase] * 60) / 5) * 5)} minutes`;
    case 'minute':
      return `about ${Math.max(5, Math.round((time.amount * phaseShare[phase]) / 5) * 5)} minutes`;
  }
}

/** How AI fits each phase for one kind of work: what is checked, against what, and what is revised. */
type KindPlan = {
  /** What students explore with AI before they start. */
  explore: string;
  /** Where AI claims are checked. */
  sources: string;
  /** How a claim is checked, as a gerund phrase. */
  checkMethod: string;
  /** What "a claim" is for this kind of work. */
  claims: string;
  /** What peers compare in the Interaction phase. */
  compare: string;
  /** What the teacher keeps students' own in Editing. */
  ownership: string;
};

function kindPlan(profile: AssignmentProfile): KindPlan {
  const flavour = subjectFlavour(profile.subject);
  const topic = profile.topic;
  switch (profile.kind) {
    case 'lab':
      return {
        explore: `possible hypotheses about ${topic} and the variables that could affect the results`,
        sources: 'their own measurements, the lab manual and a reliable scientific source',
        checkMethod: 'comparing each AI statement with their own data and a textbook or agency source',
        claims: `what the AI says about ${topic} and what it predicts the results will show`,
        compare: 'the hypotheses and predicted results different prompts give',
        ownership: 'their data, their analysis and their conclusion',
      };
    case 'problems':
      return {
        explore: `the methods that can be used for ${topic} and when each one works best`,
        sources: 'the textbook, worked examples and their own calculations',
        checkMethod: 'redoing each step by hand and checking the answer by substitution or an estimate',
        claims: 'each step of a worked solution the AI writes',
        compare: 'the solution methods different prompts suggest',
        ownership: 'every step of their working and the explanation of the method they chose',
      };
    case 'discussion':
      return {
        explore: `arguments on several sides of ${topic}`,
        sources: 'the course readings and reputable, dated sources',
        checkMethod: 'lateral reading: checking who says so and what the readings and other sources say',
        claims: `the facts and examples the AI offers about ${topic}`,
        compare: 'the arguments different prompts produce, and which of them the readings support',
        ownership: 'their own position, in their own words, with evidence from the readings',
      };
    case 'creative':
      return {
        explore: 'ideas for characters, a conflict and the setting, as a list to choose from and change',
        sources: 'their own knowledge of the place, a map or local source, and the rules of the form',
        checkMethod: 'looking up the details about the real place and any facts in the story',
        claims: 'the details the AI suggests about the setting and the form',
        compare: 'the ideas different prompts suggest, and why the ones they chose are more their own',
        ownership: 'the plot, the characters, the voice and every sentence of the story',
      };
    case 'research':
      return {
        explore: `what is known about ${topic} and which questions are worth researching`,
        sources:
          'credible sources that can be cited: scholarly articles, reputable reference works, museum or archive collections and primary sources',
        checkMethod: 'finding each claim in a credible source they can cite, and noting where sources disagree',
        claims: `the facts, dates, names and quotations the AI gives about ${topic}`,
        compare: 'the research questions and leads different prompts give',
        ownership: 'their thesis, their reading of the sources and their own sentences',
      };
    case 'analysis':
      return {
        explore: `${flavour.perspectives} of ${topic}`,
        sources: flavour.sources,
        checkMethod: flavour.checkMethod,
        claims: `what the AI says about ${topic}`,
        compare: 'the interpretations different prompts give',
        ownership: `${flavour.craft}, and the argument itself`,
      };
    default:
      return {
        explore: `${flavour.perspectives} on ${topic}`,
        sources: flavour.sources,
        checkMethod: flavour.checkMethod,
        claims: `the facts the AI gives about ${topic}`,
        compare: 'the answers different prompts give',
        ownership: flavour.craft,
      };
  }
}

export function buildSuggestions(profile: AssignmentProfile): IntegrationSuggestion[] {
  const audience = audienceFor(profile.gradeLevel);
  const plan = kindPlan(profile);
  const { topic, deliverable } = profile;
  const task = profile.tasks.find((item) =>
    /^(write|create|design|build|compose|prepare|draft|present|solve|conduct|construct|develop|post)\b/.test(item),
  );
  const theWork = `the ${deliverable}`;
  const startLine = task ? `Before they ${task}` : `Before they start ${theWork}`;

  const suggestions: Record<DiverPhase, IntegrationSuggestion> = {
    Discovery: {
      phase: 'Discovery',
      title: `Explore ${topic} with AI before starting`,
      description: `${startLine}, students use AI as a brainstorming partner to explore ${plan.explore}, and they list the questions they want to answer. The AI widens the starting point; the students decide what is worth pursuing (${timeFor('Discovery', profile.time)}).`,
      activities: discoveryActivities(profile, audience),
      examples: [
        `Prompt: “${discoveryPrompt(profile)}”`,
        `Prompt: “What questions should a ${learnerOf(profile.gradeLevel)} ask before starting ${aOrAn(deliverable)} about ${stripYour(topic)}?”`,
      ],
    },
    'Interaction & Collaboration': {
      phase: 'Interaction & Collaboration',
      title: `Compare AI answers about ${topic} with classmates`,
      description: `${capitalize(audience.who)} compare ${plan.compare}, discuss which ideas are strongest for ${theWork}, and improve their prompts together. Talking about the AI's output makes thinking visible and shows that the wording of a prompt changes the answer (${timeFor('Interaction & Collaboration', profile.time)}).`,
      activities: [
        `In pairs, ask the AI about ${stripYour(topic)} with two different prompts, compare the two answers and explain the differences.`,
        profile.kind === 'discussion'
          ? 'Before replying to classmates, compare your AI-assisted ideas with theirs and reply to an idea, not to the AI.'
          : `In small groups, present one idea the AI offered for ${theWork} and say whether you will use it and why.`,
        'Swap prompts with a partner, suggest one improvement each, and run them again.',
      ],
      examples: [
        `Group chart with three columns: AI idea | Do we agree? | Evidence for ${theWork}.`,
        `Partner A asks for a short explanation; partner B asks for an explanation with an example; both compare what changed.`,
      ],
    },
    Verification: {
      phase: 'Verification',
      title: `Check what the AI says about ${topic}`,
      description: `Students treat ${plan.claims} as claims to check against ${plan.sources}. They learn that AI can be fluent and wrong, and they practise ${plan.checkMethod} (${timeFor('Verification', profile.time)}).`,
      activities: verificationActivities(profile, plan),
      examples: [
        `Verification table: AI claim | Source checked | Confirmed / corrected / unsupported | Note.`,
        profile.kind === 'problems'
          ? 'Ask the AI to solve one problem, then find the step where its method or arithmetic could go wrong and test it.'
          : 'Ask the AI “What sources support this?” and check whether those sources exist and say what the AI claims.',
      ],
    },
    'Editing & Iteration': {
      phase: 'Editing & Iteration',
      title: `Revise ${theWork} and keep it your own`,
      description: `Students draft ${theWork} themselves, then use AI feedback as one input for revision while keeping ownership of ${plan.ownership}. Each change is a decision they can explain, and the drafts show how the work improved (${timeFor('Editing & Iteration', profile.time)}).`,
      activities: [
        `Draft ${theWork} without AI, then ask the AI for feedback on one specific aspect.`,
        `Accept, adapt or reject each AI suggestion and note why in ${audience.logForm}.`,
        'Revise again after peer feedback, comparing what your classmate and the AI noticed.',
        'Mark the part that changed most between drafts and explain the change.',
      ],
      examples: [
        `Prompt: “${editingPrompt(profile)} Do not rewrite it for me.”`,
        'A revision note: “The AI suggested a change; I did something else instead because…”',
      ],
    },
    Reflection: {
      phase: 'Reflection',
      title: `Reflect on how AI helped with ${theWork}`,
      description: `Students look back at how AI helped or hindered their work on “${profile.title}”, what they checked, and what they would do differently, in ${audience.reflectionForm}. Reflection turns AI use into a skill they can use again (${timeFor('Reflection', profile.time)}).`,
      activities: [
        `Answer: Where did the AI help my thinking about ${stripYour(topic)}, and where did it mislead me?`,
        `Describe one decision in ${theWork} that was mine and not the AI's.`,
        'Set one goal for using AI responsibly in the next assignment.',
      ],
      examples: [
        'Sentence starters: “The AI was useful when…”, “I did not trust the AI when…”, “Next time I will…”.',
        profile.gradeLevel === 'college' || profile.gradeLevel === 'high'
          ? `A disclosure statement at the end of ${theWork}: which tools were used, for what, and how the output was checked.`
          : 'An exit ticket: one thing the AI got right and one thing we had to fix.',
      ],
    },
  };
  return diverPhases.map((phase) => suggestions[phase]);
}

function discoveryActivities(profile: AssignmentProfile, audience: Audience): string[] {
  const topic = stripYour(profile.topic);
  const first =
    profile.kind === 'creative'
      ? 'Ask the AI for ten possible conflicts for a story set in your town, cross out the obvious ones, and combine two into your own idea.'
      : profile.kind === 'problems'
        ? `Ask the AI to list the methods for ${topic} and when each one is quickest; keep the list next to the problems.`
        : `Ask the AI for three different perspectives on ${topic}, then sort them into “I agree”, “I disagree” and “I need to know more”.`;
  return [
    first,
    `Write down the two questions about ${topic} that matter most for the ${profile.deliverable}.`,
    profile.gradeLevel === 'elementary'
      ? `As a class, ${audience.aiAccess}, and vote on the most interesting idea.`
      : `Record the prompts and ideas in ${audience.logForm}.`,
  ];
}

function discoveryPrompt(profile: AssignmentProfile): string {
  const topic = stripYour(profile.topic);
  switch (profile.kind) {
    case 'lab':
      return `What factors could change the results of an experiment on ${topic}? Give a reason for each.`;
    case 'problems':
      return `What are the different methods for ${topic}, and how do I decide which one to use?`;
    case 'creative':
      return 'Give me ten conflicts a character could face in a small town. Keep each to one sentence.';
    case 'discussion':
      return `What are the strongest arguments on each side of ${topic}?`;
    default:
      return `What are three different ways people think about ${topic}? Give one reason for each.`;
  }
}

function verificationActivities(profile: AssignmentProfile, plan: KindPlan): string[] {
  const topic = stripYour(profile.topic);
  const specific =
    profile.kind === 'problems'
      ? 'Have the AI solve two of the problems, redo them by hand, and mark each step as correct or wrong.'
      : profile.kind === 'lab'
        ? 'Compare what the AI predicted with your own results, and explain any difference with your data.'
        : profile.kind === 'creative'
          ? 'Check every real detail about the place in your story (streets, buildings, history) yourself.'
          : `Pick three claims the AI made about ${topic} and check each one against ${plan.sources}; mark each as confirmed, corrected or unsupported.`;
  return [
    specific,
    `Find one error, gap or bias in the AI's answer and explain how you found it.`,
    profile.kind === 'problems'
      ? 'Use only methods you can explain yourself in the problem set.'
      : `Use only checked information in the ${profile.deliverable}, citing the real source, not the AI.`,
  ];
}

function editingPrompt(profile: AssignmentProfile): string {
  switch (profile.kind) {
    case 'problems':
      return 'Here is my working for one problem. Which step is unclear or wrong, and why?';
    case 'lab':
      return 'Here is my conclusion. Does it follow from my data? Which claim needs more evidence?';
    case 'creative':
      return 'Here is a scene from my story. Where does the dialogue sound unnatural, and why?';
    case 'discussion':
      return 'Here is my post. Which point needs more evidence from the readings?';
    default:
      return `Here is my paragraph about ${stripYour(profile.topic)}. Which sentence is least clear, and why?`;
  }
}

/** "your story" reads as "the story" where the sentence is not addressed to the student. */
function stripYour(topic: string): string {
  return topic.replace(/^your\s+/, 'the ');
}

function aOrAn(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

function learnerOf(gradeLevel: GradeLevel): string {
  return {
    elementary: 'young student',
    middle: 'middle school student',
    high: 'high school student',
    college: 'college student',
    '': 'student',
  }[gradeLevel];
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function contextLine(profile: AssignmentProfile): string {
  const parts = [labelOfSubject(profile.subject), labelOfGrade(profile.gradeLevel), profile.time.label].filter(Boolean);
  return parts.join(', ');
}

export function proposeIntegrationOffline(request: IntegrationRequest): IntegrationResult {
  const profile = profileAssignment(request);
  const suggestions = buildSuggestions(profile);
  const audience = audienceFor(profile.gradeLevel);
  const context = contextLine(profile);
  const tasksText =
    profile.tasks.length > 0
      ? `asks students to ${profile.tasks.slice(0, 3).join('; ')}`
      : `asks students to complete a ${profile.deliverable}`;
  const overview = [
    `“${profile.title}”${context ? ` (${context})` : ''} ${tasksText}.`,
    `This plan keeps those goals and the ${profile.deliverable} as the final product, and adds AI literacy at five points using the DIVER framework: students explore ${stripYour(profile.topic)} with AI (Discovery), compare and discuss AI output with peers (Interaction & Collaboration), fact-check what the AI says (Verification), revise their own work while keeping ownership (Editing & Iteration), and reflect on how AI affected their learning (Reflection).`,
    `The AI is a tool to think with, never a substitute for the students' own work, and every AI claim is checked before it is used.`,
  ].join(' ');

  const timeline = diverPhases
    .map((phase, index) => `   ${index + 1}. ${phase}: ${timeFor(phase, profile.time)}.`)
    .join('\n');
  const implementationGuide = [
    `1. Prepare (before the first lesson): choose the AI tool (${audience.aiAccess}), try the example prompts yourself, and decide what AI use is allowed at each stage. Share the rules with students in writing.`,
    `2. Plan the time${profile.time.label ? ` (${profile.time.label})` : ''}:\n${timeline}`,
    `3. Introduce the ${profile.deliverable} as usual, then explain the DIVER phases and show students what they will keep along the way: ${audience.logForm}.`,
    `4. Run the phases in order. Model each one once in front of the class (for example, verify one AI claim about ${profile.terms[0] ?? 'the topic'} together) before students do it themselves.`,
    `5. Assess: keep your existing criteria for the ${profile.deliverable} and add one criterion for AI literacy: claims verified with sources, AI suggestions accepted or rejected with reasons, and an honest reflection. Grade the process (log, verification table, drafts) as well as the product.`,
    `6. Academic integrity: students disclose every AI use; work presented without disclosure is treated under your usual policy. Ask students never to paste personal information into an AI tool.`,
    profile.gradeLevel === 'elementary'
      ? '7. Younger students: keep AI use teacher-led and on a shared screen; many tools require users to be 13 or older.'
      : `7. Differentiate: give sentence starters and example prompts to students who need support; ask advanced students to compare two AI tools or to write their own verification checklist.`,
  ].join('\n');

  return { overview, suggestions, implementation_guide: implementationGuide, engine: 'offline' };
}

// ---------------------------------------------------------------------------------------------
// The revised assignment
// ---------------------------------------------------------------------------------------------

/** Each step's opening, addressed to the student. */
function studentIntro(phase: DiverPhase, profile: AssignmentProfile, plan: KindPlan): string {
  const theWork = `your ${profile.deliverable}`;
  const time = timeFor(phase, profile.time);
  switch (phase) {
    case 'Discovery':
      return `Before you start ${theWork}, use AI as a brainstorming partner to explore ${toStudentVoice(plan.explore)}. The AI widens your starting point; you decide what is worth pursuing (${time}).`;
    case 'Interaction & Collaboration':
      return `With your classmates, compare ${toStudentVoice(plan.compare)}, and decide together which ideas are strongest for ${theWork} (${time}).`;
    case 'Verification':
      return `Treat ${toStudentVoice(plan.claims)} as claims to check against ${toStudentVoice(plan.sources)}. AI can sound sure and still be wrong, so check by ${toStudentVoice(plan.checkMethod)} (${time}).`;
    case 'Editing & Iteration':
      return `Write ${theWork} yourself first. Then use AI feedback as one input for revision; ${toStudentVoice(plan.ownership)} stay yours (${time}).`;
    case 'Reflection':
      return `When you have finished, look back at how AI helped or got in the way, what you checked, and what you would do differently (${time}).`;
  }
}

/** Turns a sentence written about students into one addressed to them. */
export function toStudentVoice(text: string): string {
  return text
    .replace(/\bStudents'/g, 'Your')
    .replace(/\b(?:the )?students'/g, 'your')
    .replace(/\bStudents\b/g, 'You')
    .replace(/\b(?:the )?students\b/g, 'you')
    .replace(/\bthemselves\b/g, 'yourself')
    .replace(/\btheir\b/g, 'your')
    .replace(/\bthey\b/g, 'you')
    .replace(/\bThey\b/g, 'You');
}

const phaseHeadings: Record<DiverPhase, string> = {
  Discovery: 'Before You Begin (Discovery)',
  'Interaction & Collaboration': 'While You Work (Interaction & Collaboration)',
  Verification: 'While You Work (Verification)',
  'Editing & Iteration': 'Drafting and Revising (Editing & Iteration)',
  Reflection: 'After You Finish (Reflection)',
};

export function reviseAssignmentOffline(request: RevisionRequest): string {
  const profile = profileAssignment({
    assignmentTitle: request.assignmentTitle || 'Assignment',
    assignmentText: request.originalAssignment,
    subject: request.subject,
    gradeLevel: request.gradeLevel,
    estimatedTime: request.estimatedTime,
  });
  const audience = audienceFor(request.gradeLevel);
  const selected = diverPhases
    .map((phase) => request.selectedSuggestions.find((suggestion) => suggestion.phase === phase))
    .filter((suggestion) => suggestion !== undefined);
  const context = contextLine(profile);
  const lines: string[] = [];
  lines.push(
    request.assignmentTitle.trim()
      ? `${request.assignmentTitle.trim()} (with AI literacy)`
      : 'Revised Assignment (with AI literacy)',
  );
  if (context) lines.push(context);
  lines.push('', 'Assignment', request.originalAssignment.trim(), '');
  lines.push('How AI Fits Into This Assignment');
  lines.push(
    `In this assignment you will use AI in ${selected.length} planned step${selected.length === 1 ? '' : 's'} (${selected.map((suggestion) => suggestion.phase).join(', ')}). The ${profile.deliverable} itself remains your own work: AI helps you think, check and improve, and you decide what to keep.`,
    '',
  );
  // The revised assignment speaks to the students: the suggestions' descriptions are written for
  // the teacher, so each step opens with its own words to the student instead.
  const plan = kindPlan(profile);
  for (const suggestion of selected) {
    lines.push(`${phaseHeadings[suggestion.phase]}: ${toStudentVoice(suggestion.title)}`);
    lines.push(studentIntro(suggestion.phase, profile, plan));
    lines.push('What to do:');
    suggestion.activities.forEach((activity, index) => lines.push(`${index + 1}. ${toStudentVoice(activity)}`));
    lines.push(`Example${suggestion.examples.length === 1 ? '' : 's'}:`);
    suggestion.examples.forEach((example) => lines.push(`- ${toStudentVoice(example)}`));
    lines.push('');
  }
  lines.push('Responsible AI Use');
  lines.push(
    '- Use AI only in the steps described above.',
    '- Check every fact the AI gives you before you use it, and cite the real source, not the AI.',
    "- Never paste personal information (yours or anyone else's) into an AI tool.",
    `- Keep ${audience.logForm} and hand it in with your work.`,
    '',
  );
  lines.push('Submission Checklist');
  lines.push(`- Your ${profile.deliverable}, as described in the assignment above.`);
  const checklist: Record<DiverPhase, string> = {
    Discovery: '- Your Discovery notes: the prompts you used and the questions you chose to pursue.',
    'Interaction & Collaboration': '- Your notes from comparing and discussing AI answers with your classmates.',
    Verification: '- Your verification table: each AI claim, the source you checked, and the result.',
    'Editing & Iteration': '- Your drafts, with notes on which AI suggestions you accepted or rejected and why.',
    Reflection: `- Your reflection (${audience.reflectionForm}).`,
  };
  for (const suggestion of selected) lines.push(checklist[suggestion.phase]);
  return lines.join('\n').trim();
}
