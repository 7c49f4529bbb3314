import { describe, expect, it } from 'vitest';
import { failedSaveToastOptions, saveAndMoveOn, type ReturnAction } from './save-and-move-on';

/** A save whose answer the test gives when it wants, and a record of what the screen was told. */
function harness({ andNext, keepsEdits }: { andNext: boolean; keepsEdits: boolean }) {
  const events: string[] = [];
  let settle!: { resolve: (stored: string) => void; reject: (error: Error) => void };
  let back: ReturnAction | null = null;
  const done = saveAndMoveOn({
    andNext,
    keepsEdits,
    studentName: 'Ana Bennett',
    send: () => {
      events.push('sent');
      return new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
    },
    moveOn: () => events.push('next student'),
    backTo: () => events.push('back to Ana'),
    onStored: (stored, movedOn) => events.push(`stored ${stored}${movedOn ? ' after moving on' : ''}`),
    onFailed: (error, action) => {
      back = action;
      events.push(`failed: ${(error as Error).message}`);
    },
  });
  return { events, settle, done, back: () => back as ReturnAction | null };
}

describe('saveAndMoveOn', () => {
  it('with kept edits, Save & Next shows the next student before Canvas answers, then tells what was stored', async () => {
    const run = harness({ andNext: true, keepsEdits: true });
    expect(run.events).toEqual(['sent', 'next student']);
    run.settle.resolve('8 / 10');
    await run.done;
    expect(run.events).toEqual(['sent', 'next student', 'stored 8 / 10 after moving on']);
  });

  it('a failure after moving on is told with the way back to the student', async () => {
    const run = harness({ andNext: true, keepsEdits: true });
    run.settle.reject(new Error('Canvas refused'));
    await run.done;
    expect(run.events).toEqual(['sent', 'next student', 'failed: Canvas refused']);
    expect(run.back()?.label).toBe('Back to Ana Bennett');
    run.back()?.onClick();
    expect(run.events.at(-1)).toBe('back to Ana');
  });

  it('a form that cannot keep edits waits for Canvas before moving on, and stays on a failure', async () => {
    const waiting = harness({ andNext: true, keepsEdits: false });
    expect(waiting.events).toEqual(['sent']);
    waiting.settle.resolve('8 / 10');
    await waiting.done;
    expect(waiting.events).toEqual(['sent', 'stored 8 / 10', 'next student']);

    const failing = harness({ andNext: true, keepsEdits: false });
    failing.settle.reject(new Error('Canvas refused'));
    await failing.done;
    expect(failing.events).toEqual(['sent', 'failed: Canvas refused']);
    expect(failing.back()).toBeNull();
  });

  it('plain Save never moves', async () => {
    const run = harness({ andNext: false, keepsEdits: true });
    run.settle.resolve('Complete');
    await run.done;
    expect(run.events).toEqual(['sent', 'stored Complete']);
  });
});

describe('failedSaveToastOptions', () => {
  const back: ReturnAction = { label: 'Back to Ana Bennett', onClick: () => undefined };
  it('on the same student, the description is left as it is', () => {
    expect(failedSaveToastOptions('Canvas refused', null, 'Ana Bennett')).toEqual({ description: 'Canvas refused' });
  });
  it('after moving on, it names the student, offers the way back and stays 20 seconds', () => {
    expect(failedSaveToastOptions('Canvas refused', back, 'Ana Bennett')).toEqual({
      description: 'Ana Bennett: Canvas refused',
      action: back,
      duration: 20_000,
    });
    expect(failedSaveToastOptions(undefined, back, 'Ana Bennett')).toEqual({
      description: 'Ana Bennett',
      action: back,
      duration: 20_000,
    });
  });
});
