import { describe, expect, it } from 'vitest';
import type { AssignmentGradingView, DraftResponse } from '@/shared/schemas/grading';
import { HIDDEN_DOCX_RUN } from '@/server/demo-canvas/seed/default-seed';
import { useGradingHarness } from '@/server/test/grading-harness';

const grading = useGradingHarness();

/** The demo Canvas's argumentative essay, where one uploaded .docx hides a run (w:vanish). */
const BASE = '/api/grading/courses/4201/assignments/5002';

describe('hidden runs in an uploaded .docx', () => {
  it('are flagged as hidden text on the draft of that student only, with the passage', async () => {
    const teacher = await grading.teacher();
    const view = (
      await grading.app.inject({ method: 'GET', url: BASE, headers: teacher.headers })
    ).json<AssignmentGradingView>();
    const docxStudents = view.submissions.filter(
      (submission) =>
        submission.workflow_state === 'submitted' &&
        submission.attachments.some((attachment) => attachment.filename.endsWith('.docx')),
    );
    expect(docxStudents.length).toBeGreaterThan(0);
    const flagged: DraftResponse['steering_flags'][] = [];
    for (const student of docxStudents) {
      const response = await grading.app.inject({
        method: 'POST',
        url: `${BASE}/drafts`,
        headers: teacher.headers,
        payload: { userId: student.user_id, options: { mode: 'summative', useRubric: true, customInstructions: null } },
      });
      expect(response.statusCode).toBe(200);
      const draft = response.json<DraftResponse>();
      expect(draft.files.read).toHaveLength(1);
      if (draft.steering_flags) flagged.push(draft.steering_flags);
    }
    expect(flagged).toEqual([[{ kind: 'hidden-text', passage: HIDDEN_DOCX_RUN }]]);
    // The flag is kept with the draft, so the panel shows it when the teacher comes back.
    const stored = (await grading.app.inject({ method: 'GET', url: `${BASE}/drafts`, headers: teacher.headers })).json<{
      drafts: Record<string, DraftResponse>;
    }>();
    expect(Object.values(stored.drafts).filter((draft) => draft.steering_flags)).toHaveLength(1);
  });
});
