import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { classDraftJob } from './class-draft';
import { defineJob } from './define-job';

const noteJob = defineJob<{ to: string; subject: string }>({
  name: 'note',
  version: 3,
  schema: z.object({ to: z.string(), subject: z.string() }),
  upgrades: {
    // Version 2 renamed `recipient` to `to`; version 3 added a subject.
    1: ({ recipient, ...rest }) => ({ ...rest, to: recipient }),
    2: (payload) => ({ subject: 'A note', ...payload }),
  },
});

describe('job definitions', () => {
  it('stores a payload with its version', () => {
    expect(noteJob.write({ to: 'a', subject: 'b' })).toEqual({ to: 'a', subject: 'b', version: 3 });
  });

  it('reads a payload of this version as it is', () => {
    expect(noteJob.read({ version: 3, to: 'a', subject: 'b' })).toEqual({ to: 'a', subject: 'b' });
  });

  it('upgrades a payload without a version (version 1) through every step', () => {
    expect(noteJob.read({ recipient: 'a' })).toEqual({ to: 'a', subject: 'A note' });
    expect(noteJob.read({ version: 2, to: 'a' })).toEqual({ to: 'a', subject: 'A note' });
  });

  it('refuses a payload of a newer version, or one its schema refuses', () => {
    expect(() => noteJob.read({ version: 4, to: 'a', subject: 'b' })).toThrow(/newer/);
    expect(() => noteJob.read({ version: 3, to: 1 })).toThrow();
  });

  it('reads a class draft queued before versions, with the options the request gives by default', () => {
    const task = {
      runId: '7f0c7a52-8a0c-4c59-9d55-0f6d8c5d7e11',
      userId: '0b6f5a7e-2d4c-4c1b-8e2a-3f4a5b6c7d8e',
      courseId: 4202,
      assignmentId: 5010,
      studentId: 9,
    };
    expect(classDraftJob.read({ ...task, options: { mode: 'summative' } })).toEqual({
      ...task,
      options: { mode: 'summative', useRubric: false, customInstructions: null },
    });
    expect(
      classDraftJob.write({ ...task, options: { mode: 'formative', useRubric: true, customInstructions: null } }),
    ).toMatchObject({ version: 2 });
  });
});
