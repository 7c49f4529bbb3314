import { describe, expect, it } from 'vitest';
import { saveAndMoveOn } from './save-and-move-on';

/** A save whose answer the test gives when it wants, and a record of what the screen was told. */
function harness({ andNext }: { andNext: boolean }) {
  const events: string[] = [];
  let settle!: { resolve: (stored: string) => void; reject: (error: Error) => void };
  const done = saveAndMoveOn({
    andNext,
    send: () => {
      events.push('sent');
      return new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
    },
    moveOn: () => events.push('next student'),
    onStored: (stored) => events.push(`stored ${stored}`),
    onFailed: (error) => events.push(`failed: ${(error as Error).message}`),
  });
  return { events, settle, done };
}

describe('saveAndMoveOn', () => {
  it('Save & Next waits for Canvas, tells what was stored, then moves on', async () => {
    const run = harness({ andNext: true });
    expect(run.events).toEqual(['sent']);
    run.settle.resolve('8 / 10');
    await run.done;
    expect(run.events).toEqual(['sent', 'stored 8 / 10', 'next student']);
  });

  it('a save that fails never moves on', async () => {
    const run = harness({ andNext: true });
    run.settle.reject(new Error('No credits left'));
    await run.done;
    expect(run.events).toEqual(['sent', 'failed: No credits left']);
  });

  it('Save stays on the student', async () => {
    const run = harness({ andNext: false });
    run.settle.resolve('8 / 10');
    await run.done;
    expect(run.events).toEqual(['sent', 'stored 8 / 10']);
  });
});
