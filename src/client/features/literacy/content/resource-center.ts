import { BadgeCheck, BookOpen, ClipboardList, FileText, GraduationCap, Scale, type LucideIcon } from 'lucide-react';

/** The resource center's cards (spec §2.5). Nothing here is available yet, and the cards say so. */

export type FeaturedResource = { title: string; description: string; icon: LucideIcon; format: string };

export const FEATURED_RESOURCES: readonly FeaturedResource[] = [
  {
    title: 'AI Literacy Curriculum Guide',
    description:
      'A unit-by-unit guide to teaching students how AI tools work, where they go wrong and how to use them honestly, with lessons for elementary through college.',
    icon: BookOpen,
    format: 'Guide',
  },
  {
    title: 'Assignment Redesign Toolkit',
    description:
      'Worked examples and planning sheets for turning familiar assignments into AI-aware ones with the five DIVER phases, subject by subject.',
    icon: ClipboardList,
    format: 'Toolkit',
  },
  {
    title: 'Classroom AI Policy Templates',
    description:
      'Editable syllabus statements, disclosure forms and a letter to families that you can adapt to your school’s rules.',
    icon: FileText,
    format: 'Templates',
  },
];

export type ResourceCategorySlug = 'pedagogy' | 'templates' | 'ethics' | 'best-practices';

export type ResourceCategory = {
  slug: ResourceCategorySlug;
  title: string;
  description: string;
  icon: LucideIcon;
  /** What the category will hold when it opens. */
  planned: readonly string[];
  /** What already exists elsewhere in Margin on the same subject. */
  availableNow: readonly { label: string; to: string; note: string }[];
};

export const RESOURCE_CATEGORIES: readonly ResourceCategory[] = [
  {
    slug: 'pedagogy',
    title: 'AI Pedagogy',
    description: 'Teaching strategies and learning theory for classrooms where students have AI at hand.',
    icon: GraduationCap,
    planned: [
      'Lesson sequences that build AI literacy step by step across a unit',
      'Short guides that connect learning research to everyday decisions about AI',
      'Discussion protocols for comparing and questioning AI output',
    ],
    availableNow: [
      { label: 'Cognitive Load Theory and AI', to: '/ai-pedagogy?article=cognitive-load', note: 'Article, 8 min read' },
      { label: 'The DIVER Framework', to: '/ai-pedagogy?article=diver-framework', note: 'Article, 10 min read' },
    ],
  },
  {
    slug: 'templates',
    title: 'Templates',
    description: 'Ready-to-use assignment templates, rubrics and planning sheets you can adapt.',
    icon: FileText,
    planned: [
      'Assignment templates built on the five DIVER phases',
      'Rubrics that assess the process and the use of AI, not only the product',
      'Syllabus statements, disclosure forms and letters to families',
    ],
    availableNow: [
      { label: 'Assignment Integration Tool', to: '/ai-assignment-integration', note: 'Adds AI literacy to one of your assignments' },
      { label: 'Prompt Engineering for Teachers', to: '/ai-pedagogy?article=prompt-engineering', note: 'Article, 6 min read' },
    ],
  },
  {
    slug: 'ethics',
    title: 'AI Ethics',
    description: 'Bias, privacy, honesty and responsible use, for teachers and for students.',
    icon: Scale,
    planned: [
      'Lessons on bias, privacy and deepfakes for each age group',
      'Templates for classroom agreements on AI use',
      'Case studies for class discussion',
    ],
    availableNow: [
      { label: 'Digital Citizenship in the Age of AI', to: '/ai-pedagogy?article=digital-citizenship', note: 'Article, 7 min read' },
    ],
  },
  {
    slug: 'best-practices',
    title: 'Best Practices',
    description: 'What works in real classrooms: policies, routines and assessment that keep learning first.',
    icon: BadgeCheck,
    planned: [
      'Classroom routines for open, disclosed AI use',
      'Assessment practices that keep the teacher in charge of every grade',
      'Checklists for choosing AI tools that protect student privacy',
    ],
    availableNow: [
      { label: 'AI-Assisted Grading, Done Responsibly', to: '/ai-pedagogy?article=ai-assisted-assessment', note: 'Article, 8 min read' },
      { label: 'Assessment and Feedback in the Age of AI', to: '/ai-pedagogy?article=assessment-ai', note: 'Article, 12 min read' },
    ],
  },
];

export function findResourceCategory(slug: string | undefined): ResourceCategory | undefined {
  return RESOURCE_CATEGORIES.find((category) => category.slug === slug);
}
