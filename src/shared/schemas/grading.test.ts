import { describe, expect, it } from 'vitest';
import { clampGrade, gradeTone, letterGrade, submissionStatus } from './grading';

describe('grading rules', () => {
  it('colours grades by percent', () => {
    expect([95, 90, 85, 80, 75, 70, 69.9].map(gradeTone)).toEqual([
      'green',
      'green',
      'blue',
      'blue',
      'yellow',
      'yellow',
      'red',
    ]);
  });

  it('bands letters at 90, 80, 70 and 60', () => {
    expect([100, 90, 89.9, 80, 79, 70, 65, 60, 59.9, 0].map(letterGrade)).toEqual([
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
      'D',
      'D',
      'F',
      'F',
    ]);
  });

  it('clamps and rounds to the 0.5 step', () => {
    expect(clampGrade(87.3, 100)).toBe(87.5);
    expect(clampGrade(87.2, 100)).toBe(87);
    expect(clampGrade(140, 100)).toBe(100);
    expect(clampGrade(-3, 100)).toBe(0);
    expect(clampGrade(Number.NaN, 100)).toBe(0);
  });

  it('derives the submission status', () => {
    const base = { workflow_state: 'submitted', missing: false, late: false, submitted_at: '2026-01-01', score: null };
    expect(submissionStatus({ ...base, workflow_state: 'graded', score: 8 })).toBe('graded');
    expect(submissionStatus({ ...base, late: true })).toBe('late');
    expect(submissionStatus({ ...base, submitted_at: null, missing: true, workflow_state: 'unsubmitted' })).toBe(
      'missing',
    );
    expect(submissionStatus(base)).toBe('submitted');
    expect(submissionStatus({ ...base, submitted_at: null, workflow_state: 'unsubmitted' })).toBe('not_submitted');
  });
});
