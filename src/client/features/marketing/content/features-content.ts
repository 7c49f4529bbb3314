import type { LucideIcon } from 'lucide-react';
import { BarChart3, BookOpenCheck, GraduationCap, LayoutDashboard, Link2, Lock, Sparkles, Users } from 'lucide-react';

export type FeatureCardContent = { icon: LucideIcon; title: string; description: string; points: string[] };

/** Spec part 1 §1: what is live today. */
export const LIVE_FEATURES: FeatureCardContent[] = [
  {
    icon: Sparkles,
    title: 'AI Grading Assistance',
    description:
      'Drafted grades and feedback for assignments and discussions, built on your rubric and written in a voice you can adjust.',
    points: [
      'Rubric integration, criterion by criterion',
      'Formative or summative feedback, your choice',
      'Emphasis on the learning outcomes you care about',
      'Custom instructions to match your teaching style',
    ],
  },
  {
    icon: Link2,
    title: 'Canvas Integration',
    description: 'Margin works with the courses you already have. There is nothing to import and nothing to set up twice.',
    points: [
      'Secure API connection with your own token',
      'Submissions synced from Canvas as you grade',
      'Grades and comments sent back to Canvas once you approve',
      'Your courses, assignments, discussions and quizzes in one place',
    ],
  },
  {
    icon: LayoutDashboard,
    title: 'Teacher Dashboard',
    description: 'One place to see what is waiting for you across every course, and to jump straight into grading it.',
    points: ['Assignment overview', 'Course filtering', 'Progress tracking', 'Quick access to grading'],
  },
  {
    icon: Lock,
    title: 'Security & Privacy',
    description: 'Built for student data from the first line: the least we need, for the shortest time, and always encrypted.',
    points: [
      'Encryption in transit and at rest',
      'Secure sign-in for every account',
      'No permanent storage of student work',
      'Student names removed before any text reaches an AI model',
    ],
  },
];

/** Spec part 1 §1: announced, not built. */
export const COMING_SOON_FEATURES: FeatureCardContent[] = [
  {
    icon: Users,
    title: 'Student AI Literacy Dashboard',
    description: 'Help students use AI openly and thoughtfully, with a space that makes their process visible.',
    points: ['AI usage tracking', 'Reflection prompts', 'AI ethics badges', 'Peer collaboration'],
  },
  {
    icon: BookOpenCheck,
    title: 'Grading AI-Integrated Work',
    description: 'Assess assignments where students work with AI, looking at the thinking as well as the final product.',
    points: ['Collaboration assessment', 'Process documentation', 'Iterative feedback loops', 'Metacognitive rubrics'],
  },
  {
    icon: GraduationCap,
    title: 'Teacher Professional Development',
    description: 'Short, practical learning on teaching with AI, made to fit into a teacher’s week.',
    points: ['Microlearning modules', 'Virtual workshops', 'Community forums', 'AI-Literate Educator certification'],
  },
  {
    icon: BarChart3,
    title: 'Analytics & Insights',
    description: 'Understand how your classes learn and how AI tools are helping them, over the whole year.',
    points: ['Learning style analysis', 'AI tool effectiveness', 'Class AI readiness', 'Growth tracking'],
  },
];
