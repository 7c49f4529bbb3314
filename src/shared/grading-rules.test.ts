import { describe, expect, it } from 'vitest';
import {
  approveGrade,
  checkStored,
  gradeControl,
  gradeTone,
  postedGradeFor,
  scoreForLetter,
  teacherGrade,
} from './grading-rules';

describe('grade rules', () => {
  it('never shows a grade above 100 % in the green band', () => {
    expect([150, 100.5, 100, 90].map(gradeTone)).toEqual(['over', 'over', 'green', 'green']);
  });

  it('keeps a typed grade as typed (on the 0.5 step), never capped', () => {
    expect(teacherGrade(15)).toBe(15);
    expect(teacherGrade(12.3)).toBe(12.5);
    expect(teacherGrade(-2)).toBe(0);
  });

  it('gives each Canvas grading type its control and posted_grade', () => {
    expect(gradeControl('pass_fail')).toBe('complete_incomplete');
    expect(gradeControl('gpa_scale')).toBe('letter');
    expect(gradeControl('not_graded')).toBe('none');
    const posted = (
      type: Parameters<typeof approveGrade>[0],
      score: number | null,
      completion: 'complete' | 'incomplete' | null = null,
    ) => {
      const approved = approveGrade(type, { score, completion }, 20);
      return 'error' in approved ? approved.error : postedGradeFor(approved, 20);
    };
    expect(posted('points', 17)).toBe('17');
    expect(posted('percent', 17)).toBe('85%');
    expect(posted('letter_grade', 17)).toBe('B');
    expect(posted('pass_fail', null, 'incomplete')).toBe('incomplete');
    expect(posted('pass_fail', 20)).toBe('complete');
    expect(posted('pass_fail', 7)).toMatch(/Complete or Incomplete/);
    expect(posted('not_graded', 7)).toBeNull();
  });

  it('scores a letter at the top of its band, as Canvas does', () => {
    expect(scoreForLetter('A', 10)).toBe(10);
    expect(scoreForLetter('B', 10)).toBe(8.6);
    expect(scoreForLetter('Z', 10)).toBeNull();
  });

  it('compares what Canvas stored with what was approved', () => {
    expect(checkStored({ type: 'points', score: 17 }, { score: 17, grade: '17', excused: false })).toEqual({
      ok: true,
    });
    expect(
      checkStored({ type: 'pass_fail', completion: 'complete' }, { score: null, grade: null, excused: false }),
    ).toEqual({
      ok: false,
      reason: 'Canvas stored no grade',
    });
    expect(checkStored({ type: 'points', score: 15 }, { score: 10, grade: '10', excused: false })).toMatchObject({
      ok: false,
    });
  });
});
