import { BookMarked, ClipboardList, Eye, HeartHandshake, Link2, PenLine, ShieldCheck, SlidersHorizontal, Target } from 'lucide-react';
import type { Benefit } from './home-content';

export const CONTROL_OPTIONS: Benefit[] = [
  {
    icon: SlidersHorizontal,
    title: 'Formative or summative',
    description: 'Ask for feedback that points to next steps, or feedback that explains the grade a student earned.',
  },
  {
    icon: ClipboardList,
    title: 'Your rubric, or your description',
    description: 'Drafts follow the Canvas rubric criterion by criterion, or the assignment description when there is none.',
  },
  {
    icon: PenLine,
    title: 'Your voice',
    description: 'Add custom instructions: the tone to take, the phrases you use, the reading level of your class.',
  },
  {
    icon: Target,
    title: 'The outcomes you care about',
    description: 'Tell Margin which skills or learning outcomes to emphasise, and the feedback will focus on them.',
  },
  {
    icon: Eye,
    title: 'A review note for you alone',
    description: 'Each draft comes with a short, teacher-only explanation of the suggested grade, so checking it is quick.',
  },
  {
    icon: BookMarked,
    title: 'Every word editable',
    description: 'Change the grade, rewrite a sentence or start over. What you save is what the student sees.',
  },
];

export const BIAS_POINTS = [
  {
    title: 'The same criteria for every paper',
    description:
      'The fortieth essay of the evening is measured against the same rubric, in the same way, as the first. Fatigue and mood do not move the line.',
  },
  {
    title: 'Names removed before drafting',
    description:
      'Student names and e-mail addresses are replaced with placeholders before any text reaches the AI model, so a draft is built on the work alone.',
  },
  {
    title: 'A second look, not a second opinion to obey',
    description:
      'A draft that differs from your first instinct is a prompt to look again. AI can carry biases of its own, which is why your review always decides.',
  },
];

export const ABOUT_BENEFITS: Benefit[] = [
  {
    icon: HeartHandshake,
    title: 'Feedback students can use',
    description: 'Specific strengths and next steps for every student, written with the care you would give them yourself.',
  },
  {
    icon: Link2,
    title: 'Nothing new to learn',
    description: 'Your Canvas courses, rubrics and gradebook stay exactly where they are. Margin works alongside them.',
  },
  {
    icon: ShieldCheck,
    title: 'Private by design',
    description: 'Student work is processed only while you grade, never kept permanently and never used to train AI models.',
  },
];
