import { describe, expect, it } from 'vitest';
import { saveAndMoveOn } from './save-and-move-on';

/** A save whose answer the test gives when it wants, and a record of what the screen was told. */
function harness({ andNext, keepsEdits }: { andNext: boolean; keepsEdits: boolean }) {
  const events: string[] = [];
  let settle!: { resolve: (stored: string) => void; reject: (error: Error) => void };
  const done = saveAndMoveOn({
    andNext,
    keepsEdits,
    send: () => {
      events.push('sent');
      return new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
    },
    moveOn: () => events.push('next student'),
    onStored: (stored, movedOn) => events.push(`stored ${stored}${movedOn ? ' after moving on' : ''}`),
    onFailed: (error, movedOn) =>
      events.push(`failed: ${(error as Error).message}${movedOn ? ' after moving on' : ''}`),
  });
  return { events, settle, done };
}

describe('saveAndMoveOn', () => {
  it('with kept edits, Save & Next shows the next student before Canvas answers, then tells what was stored', async () => {
    const run = harness({ andNext: true, keepsEdits: true });
    expect(run.events).toEqual(['sent', 'next student']);
    run.settle.resolve('8 / 10');
    await run.done;
    expect(run.events).toEqual(['sent', 'next student', 'stored 8 / 10 after moving on']);
  });

  it('a failure after moving on is told as such (the save bar then leads back to the student)', async () => {
    const run = harness({ andNext: true, keepsEdits: true });
    run.settle.reject(new Error('Canvas refused'));
    await run.done;
    expect(run.events).toEqual(['sent', 'next student', 'failed: Canvas refused after moving on']);
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
  });

  it('plain Save never moves', async () => {
    const run = harness({ andNext: false, keepsEdits: true });
    run.settle.resolve('Complete');
    await run.done;
    expect(run.events).toEqual(['sent', 'stored Complete']);
  });
});
