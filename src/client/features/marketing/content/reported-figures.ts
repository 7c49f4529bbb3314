/**
 * The figures of spec part 1 §1 and part 2 §9. They come from what teachers tell us about their
 * own grading, not from anything Margin measures, and every place that shows them says so.
 */
export const REPORTED_FIGURES = [
  { value: '~60%', label: 'less time spent grading', detail: 'about 40 minutes saved per assignment set' },
  { value: '35%', label: 'less variance between grades', detail: 'the same criteria applied to every paper' },
  { value: '50%', label: 'less grading stress', detail: 'fewer weekends lost to the marking pile' },
] as const;

export const REPORTED_FIGURES_NOTE =
  'Figures are what teachers report from their own classrooms. Margin does not measure them, and your results will depend on your assignments and how you grade.';
