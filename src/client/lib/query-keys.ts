/**
 * Query keys read by one feature and invalidated by another. The owning feature builds its query
 * options from these, and the others invalidate through them, so a renamed key cannot leave a list
 * stale without the compiler seeing it.
 */
export const COURSES_KEY = ['courses'] as const;
export const NEEDS_GRADING_KEY = ['needs-grading'] as const;
