import type { LucideIcon } from 'lucide-react';
import { BarChart3, ClipboardCheck, Clock, MessageSquareText, ShieldCheck, UserCheck } from 'lucide-react';

export const HOW_IT_WORKS = [
  {
    title: 'Connect Canvas Account',
    description:
      'Paste your Canvas address and an API token you create in Canvas. Margin checks the connection before saving, and the token never leaves our server.',
  },
  {
    title: 'Select Assignments',
    description:
      'Pick a course, then an assignment, discussion or quiz that is waiting for grades. Margin lists who has submitted and what still needs you.',
  },
  {
    title: 'Get AI Grading Assistance',
    description:
      'For each student, see their work next to a drafted grade and feedback that follow your rubric. Edit anything, approve, and it is saved to Canvas.',
  },
] as const;

export type Benefit = { icon: LucideIcon; title: string; description: string };

export const HOME_BENEFITS: Benefit[] = [
  {
    icon: Clock,
    title: 'Hours back every week',
    description:
      'Teachers report spending about 60% less time grading, around 40 minutes per assignment set, because the first draft is already written.',
  },
  {
    icon: ClipboardCheck,
    title: 'Rubric-based drafts',
    description:
      'Drafts follow the rubric you built in Canvas, or your assignment description when there is no rubric, criterion by criterion.',
  },
  {
    icon: MessageSquareText,
    title: 'Consistent, specific feedback',
    description:
      'Every student gets strengths, next steps and a clear explanation, whether theirs is the first paper of the night or the fortieth.',
  },
  {
    icon: UserCheck,
    title: 'You approve every grade',
    description:
      'Margin is not an auto grader. Nothing reaches a student until you have read it, changed what you want, and pressed save.',
  },
  {
    icon: ShieldCheck,
    title: 'Student work is never kept',
    description:
      'Submissions are read from Canvas when you grade and are not stored permanently. Names are removed before any text goes to an AI model.',
  },
  {
    icon: BarChart3,
    title: 'Progress at a glance',
    description:
      'Your dashboard shows which courses and assignments still need grading, so you always know what is left and where to start.',
  },
];
