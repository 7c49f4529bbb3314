/** The plan catalogue (spec part 1 §9). Prices in US dollars. */
export type PlanName = 'Free Trial' | 'Lite Plan' | 'Core Plan' | 'Full-Time Plan' | 'Super Plan';

export type Plan = {
  name: PlanName;
  monthlyPrice: number;
  yearlyPrice: number;
  /** Submissions per billing period; for the Free Trial, in total. */
  submissionLimit: number;
  isTrial: boolean;
  description: string;
  tagline: string;
  features: string[];
  buttonText: string;
  popular: boolean;
};

export const FREE_TRIAL: PlanName = 'Free Trial';
/** The limit for a tier the catalogue does not know (spec part 1 §9). */
export const UNKNOWN_TIER_LIMIT = 10;
export const EXTRA_PACK = { submissions: 100, priceUsd: 5 } as const;
export const USAGE_WARNING_PERCENT = 80;

export const PLANS: Plan[] = [
  {
    name: 'Free Trial',
    monthlyPrice: 0,
    yearlyPrice: 0,
    submissionLimit: 10,
    isTrial: true,
    description: 'Try Margin on your own Canvas courses.',
    tagline: '10 submissions in total, no credit card',
    features: [
      '10 graded submissions in total',
      'AI drafts with your rubric',
      'Grades saved to Canvas',
      'AI literacy tools',
    ],
    buttonText: 'Start Free Trial',
    popular: false,
  },
  {
    name: 'Lite Plan',
    monthlyPrice: 9.99,
    yearlyPrice: 99.9,
    submissionLimit: 250,
    isTrial: false,
    description: 'For a teacher with a class or two of written work.',
    tagline: '250 submissions a month',
    features: ['250 submissions per month', 'Rubric-based drafts', 'Formative and summative feedback', 'Email support'],
    buttonText: 'Choose Lite',
    popular: false,
  },
  {
    name: 'Core Plan',
    monthlyPrice: 19.99,
    yearlyPrice: 199.9,
    submissionLimit: 750,
    isTrial: false,
    description: 'For a full teaching load of essays and discussions.',
    tagline: '750 submissions a month',
    features: [
      '750 submissions per month',
      'Draft a whole class at once',
      'Drafts in your own voice',
      'Discussion and quiz grading',
      'Priority email support',
    ],
    buttonText: 'Choose Core',
    popular: true,
  },
  {
    name: 'Full-Time Plan',
    monthlyPrice: 69.99,
    yearlyPrice: 699.9,
    submissionLimit: 2000,
    isTrial: false,
    description: 'For writing-heavy subjects and large sections.',
    tagline: '2,000 submissions a month',
    features: ['2,000 submissions per month', 'Everything in Core', 'Custom grading instructions', 'Priority support'],
    buttonText: 'Choose Full-Time',
    popular: false,
  },
  {
    name: 'Super Plan',
    monthlyPrice: 99.99,
    yearlyPrice: 999.9,
    submissionLimit: 3000,
    isTrial: false,
    description: 'For department leads and teachers of many sections.',
    tagline: '3,000 submissions a month',
    features: [
      '3,000 submissions per month',
      'Everything in Full-Time',
      'Early access to new features',
      'Priority support',
    ],
    buttonText: 'Choose Super',
    popular: false,
  },
];

export function findPlan(name: string | null | undefined): Plan | undefined {
  return PLANS.find((plan) => plan.name === name);
}

export function planLimit(tier: string | null | undefined): number {
  return findPlan(tier ?? FREE_TRIAL)?.submissionLimit ?? UNKNOWN_TIER_LIMIT;
}

/** 12 × monthly − yearly, in whole cents, shown as 'Save $X' on yearly paid plans. */
export function yearlySaving(plan: Plan): number {
  return Math.round((plan.monthlyPrice * 12 - plan.yearlyPrice) * 100) / 100;
}
