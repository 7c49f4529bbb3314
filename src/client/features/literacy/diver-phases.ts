import { Compass, Lightbulb, PenLine, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import type { DiverPhase } from '@/shared/schemas/ai';

/** Each DIVER phase's colour, icon and one-line description (spec §2.8). */
export type PhaseStyle = {
  icon: LucideIcon;
  /** The short name used in the info card. */
  shortName: string;
  summary: string;
  badge: string;
  accent: string;
};

export const PHASE_STYLES: Record<DiverPhase, PhaseStyle> = {
  Discovery: {
    icon: Compass,
    shortName: 'Discovery',
    summary: 'Exploration and multiple perspectives',
    badge: 'border-sky-200 bg-sky-50 text-sky-900',
    accent: 'border-l-sky-500',
  },
  'Interaction & Collaboration': {
    icon: Users,
    shortName: 'Interaction',
    summary: 'Collaborative learning and discussion',
    badge: 'border-violet-200 bg-violet-50 text-violet-900',
    accent: 'border-l-violet-500',
  },
  Verification: {
    icon: ShieldCheck,
    shortName: 'Verification',
    summary: 'Critical evaluation and fact-checking',
    badge: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    accent: 'border-l-emerald-500',
  },
  'Editing & Iteration': {
    icon: PenLine,
    shortName: 'Editing',
    summary: 'Iteration and personal ownership',
    badge: 'border-amber-200 bg-amber-50 text-amber-900',
    accent: 'border-l-amber-500',
  },
  Reflection: {
    icon: Lightbulb,
    shortName: 'Reflection',
    summary: 'Metacognitive awareness and growth',
    badge: 'border-rose-200 bg-rose-50 text-rose-900',
    accent: 'border-l-rose-500',
  },
};

/** The phases in DIVER order, without loading the shared zod schemas into public pages. */
export const DIVER_PHASE_ORDER = Object.keys(PHASE_STYLES) as DiverPhase[];
