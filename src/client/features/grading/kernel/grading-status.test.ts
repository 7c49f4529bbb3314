import { describe, expect, it } from 'vitest';
import { EMPTY_BOARD, updateStatusBoard, type GradingStatus, type StatusBoard } from './grading-status';

const esther = { subject: '11', studentId: 11, studentName: 'Esther Baker' };
const zoe = { subject: '12', studentId: 12, studentName: "Zoë O'Brien-Nuñez" };

function report(board: StatusBoard, status: GradingStatus) {
  return updateStatusBoard(board, { type: 'report', status });
}

describe('the save bar’s status', () => {
  it('shows one result at a time: a new one takes the place of the old', () => {
    let board = report(EMPTY_BOARD, { ...esther, tone: 'pending', title: 'Saving to Canvas…' });
    board = report(board, { ...esther, tone: 'success', title: 'Grade and feedback saved to Canvas' });
    board = report(board, { ...zoe, tone: 'success', title: 'AI formative grading generated using rubric criteria!' });
    expect(board.latest).toMatchObject({ ...zoe, title: 'AI formative grading generated using rubric criteria!' });
    expect(board.waiting).toEqual([]);
  });

  it('keeps a failed save when a newer result comes first, until that student is saved again', () => {
    let board = report(EMPTY_BOARD, { ...esther, tone: 'error', title: 'Grade Save Failed', isUnsavedWork: true });
    board = report(board, { ...zoe, tone: 'success', title: 'Grade and feedback saved to Canvas' });
    expect(board.latest?.studentName).toBe("Zoë O'Brien-Nuñez");
    expect(board.waiting.map((status) => status.title)).toEqual(['Grade Save Failed']);
    board = report(board, { ...zoe, tone: 'success', title: 'AI formative grading generated using rubric criteria!' });
    expect(board.waiting).toHaveLength(1);
    board = report(board, { ...esther, tone: 'success', title: 'Grade and feedback saved to Canvas' });
    expect(board.waiting).toEqual([]);
    expect(board.latest?.studentName).toBe('Esther Baker');
  });

  it('a failed draft is replaced like any result: nothing of the teacher’s was lost with it', () => {
    let board = report(EMPTY_BOARD, { ...esther, tone: 'error', title: 'The draft could not be written.' });
    board = report(board, { ...zoe, tone: 'success', title: 'Grade and feedback saved to Canvas' });
    expect(board.waiting).toEqual([]);
  });

  it('the teacher dismisses a result or a waiting failure', () => {
    let board = report(EMPTY_BOARD, { ...esther, tone: 'error', title: 'Usage Limit Reached', isUnsavedWork: true });
    board = report(board, { ...zoe, tone: 'error', title: 'Usage Limit Reached', isUnsavedWork: true });
    const [waiting] = board.waiting;
    board = updateStatusBoard(board, { type: 'dismiss', id: waiting!.id });
    expect(board.waiting).toEqual([]);
    board = updateStatusBoard(board, { type: 'dismiss', id: board.latest!.id });
    expect(board.latest).toBeNull();
  });
});
