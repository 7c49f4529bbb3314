import type { RubricCriterion } from '@/shared/schemas/ai';
import type { GradingInput } from '@/server/modules/grading/kernel/drafter-port';

/** Shared by the AI adapter tests: one assignment, a rubric, and three essays of clearly different quality. */

export const assignmentName = 'Persuasive Essay: Should School Start Later?';

export const assignmentDescription = `Write a persuasive essay of 400-600 words arguing whether high schools should start later in the morning.
State a clear thesis in your introduction, support it with at least three pieces of evidence (research, statistics or examples),
address a counterargument, and end with a conclusion that restates your position. Use transitions between paragraphs and
proofread for grammar and spelling. Consider sleep, health, attendance, academic performance and after-school schedules.`;

export const rubric: RubricCriterion[] = [
  {
    id: 'crit_thesis',
    description: 'Thesis and position',
    long_description: 'States a clear, arguable claim about school start times in the introduction.',
    points: 25,
    ratings: [
      { id: 'r1', description: 'Excellent', points: 25 },
      { id: 'r2', description: 'Proficient', points: 20 },
      { id: 'r3', description: 'Developing', points: 15 },
      { id: 'r4', description: 'Beginning', points: 8 },
      { id: 'r5', description: 'Missing', points: 0 },
    ],
  },
  {
    id: 'crit_evidence',
    description: 'Evidence and support',
    long_description: 'Supports the claim with research, statistics and examples about sleep, health and attendance.',
    points: 25,
    ratings: [
      { description: 'Excellent', points: 25 },
      { description: 'Proficient', points: 20 },
      { description: 'Developing', points: 15 },
      { description: 'Beginning', points: 8 },
      { description: 'Missing', points: 0 },
    ],
  },
  {
    id: 'crit_organization',
    description: 'Organization',
    long_description: 'Logical paragraph structure with an introduction, body, conclusion and transitions.',
    points: 25,
    ratings: [
      { description: 'Excellent', points: 25 },
      { description: 'Proficient', points: 20 },
      { description: 'Developing', points: 15 },
      { description: 'Beginning', points: 8 },
      { description: 'Missing', points: 0 },
    ],
  },
  {
    id: 'crit_conventions',
    description: 'Conventions',
    long_description: 'Grammar, spelling, capitalization and punctuation.',
    points: 25,
    ratings: [
      { description: 'Excellent', points: 25 },
      { description: 'Proficient', points: 20 },
      { description: 'Developing', points: 15 },
      { description: 'Beginning', points: 8 },
      { description: 'Missing', points: 0 },
    ],
  },
];

export const strongEssay = `Every weekday morning, millions of teenagers drag themselves out of bed before the sun rises, and many of them arrive at school too tired to learn. High schools should start no earlier than 8:30 a.m., because later start times improve students' sleep, health, attendance and academic performance.

The most important reason is sleep. According to the American Academy of Pediatrics, teenagers need between 8 and 10 hours of sleep each night, yet a 2019 survey found that 73% of high school students get less than 8 hours. This is not simply a matter of discipline: during puberty the body releases melatonin later in the evening, so most teenagers cannot fall asleep before 11 p.m. As a result, a 7:15 a.m. start time forces them to wake up in the middle of their natural sleep cycle.

Furthermore, later start times protect students' health. Researchers at the University of Minnesota studied eight high schools that moved their start times later and found fewer car crashes among teen drivers (Wahlstrom, 2014). For example, in Jackson Hole, Wyoming, crashes involving teen drivers dropped by 70% after the high school moved its start from 7:35 to 8:55 a.m. This shows that sleep is not only an academic issue but a safety issue. Sleep-deprived teenagers are also more likely to report symptoms of depression and anxiety, and a rested student is better able to cope with the pressure of exams, friendships and family responsibilities.

In addition, students learn more when they are awake. The same Minnesota study reported higher attendance and better grades in first-period classes. One teacher described the change simply: "My students are finally awake enough to argue with me." When students attend class and participate, they learn more, which means that a later start is an investment in achievement.

On the other hand, some people argue that a later start would interfere with sports, jobs and family schedules. This concern is real, but it can be managed. Many districts that changed their schedules adjusted practice times and bus routes within a single year, and athletes who sleep more are also less likely to be injured. Some families also worry about younger siblings, but districts such as Seattle solved this by changing the order in which elementary and high school buses run. Therefore, the scheduling problems are temporary, while the benefits of sleep last.

In conclusion, starting high school later is a simple change with large benefits for sleep, health, safety and learning. School boards should follow the evidence and move the first bell to 8:30 a.m. or later, so that students can arrive ready to learn rather than struggling to stay awake.`;

export const middlingEssay = `I think school should start later because students are tired in the morning. Many students stay up late doing homework and then they have to get up early for the bus.

First, sleep is important for teenagers. When I dont get enough sleep I cant focus in class and I fall asleep in first period. For example, my friend falls asleep in math almost every day. Teachers get annoyed but it is not really our fault because our bodies need more sleep.

Second, students would be in a better mood. If school started at 9 instead of 7:30, students would be happier and there would be less fights. Also attendance might be better because people would not skip the first class.

Some people say that sports would end too late. But I think practices could just be moved a little bit. In conclusion, school should start later so students can sleep more and do better in school.`;

export const weakEssay = `school should start later. its to early and everyone is tired. i dont like waking up at 6 its really hard and my mom has to yell at me. alot of kids are tired and they dont pay attention in class. also the bus comes to early to. we should be able to sleep more because we are teenagers and we need it. so yeah school should start later!!`;

export function gradingInput(overrides: Partial<GradingInput> & { submissionText: string }): GradingInput {
  return {
    assignment: { name: assignmentName, descriptionText: assignmentDescription, pointsPossible: 100, rubric },
    options: { mode: 'formative', useRubric: false, customInstructions: null },
    examples: [],
    isFileContentIncluded: false,
    ...overrides,
  };
}
