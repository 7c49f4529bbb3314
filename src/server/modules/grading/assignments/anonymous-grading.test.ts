import { describe, expect, it } from 'vitest';
import { ANONYMOUS_TOPIC_REFUSAL } from '@/shared/anonymous-students';
import type { AssignmentGradingView, DraftResponse, SaveGradeResponse } from '@/shared/schemas/grading';
import { ANONYMOUS_ASSIGNMENT_NAME } from '@/server/demo-canvas/seed/default-seed';
import { useGradingHarness } from '@/server/test/grading-harness';
import { gradeByLength } from '@/server/test/steady-grades';

const grading = useGradingHarness();
const COURSE_ID = 4203;

function anonymousAssignmentId(): number {
  return [...grading.canvas.state.assignments.values()].find((a) => a.name === ANONYMOUS_ASSIGNMENT_NAME)!.id;
}

/** Every way Canvas knows the course's students by: names, sortable and short names, e-mails, user ids. */
function studentsOf(courseId: number) {
  const { state } = grading.canvas;
  return state.studentIdsIn(courseId).map((id) => state.users.get(id)!);
}

function expectNoStudentNamed(body: string, courseId = COURSE_ID): void {
  for (const student of studentsOf(courseId)) {
    for (const said of [student.name, student.sortableName, student.shortName, student.email]) {
      expect(body.toLowerCase(), `${said} appears`).not.toContain(said.toLowerCase());
    }
    expect(body).not.toMatch(new RegExp(`"(user_id|id)":${student.id}\\b`));
  }
}

describe('an assignment graded anonymously', () => {
  it('shows Student 1 to N by anonymous id, drafts and saves through the anonymous endpoints, and never names a student', async () => {
    const teacher = await grading.teacher();
    const assignmentId = anonymousAssignmentId();
    const base = `/api/grading/courses/${COURSE_ID}/assignments/${assignmentId}`;

    const viewReply = await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers });
    expect(viewReply.statusCode, viewReply.body).toBe(200);
    expectNoStudentNamed(viewReply.body);
    const view = viewReply.json<AssignmentGradingView>();
    expect(view.assignment.anonymous_grading).toBe(true);
    expect(view.submissions.map((submission) => submission.user.name)).toEqual(
      view.submissions.map((_, index) => `Student ${index + 1}`),
    );
    const anonymousIds = view.submissions.map((submission) => submission.anonymous_id!);
    expect(anonymousIds).toEqual([...anonymousIds].sort());
    for (const submission of view.submissions) {
      expect(submission.user_id).toBeLessThan(0);
      expect(submission.user).toMatchObject({ email: null, avatar_url: null, sortable_name: submission.user.name });
    }

    const student = view.submissions.find((submission) => submission.workflow_state === 'submitted')!;
    const draftReply = await grading.app.inject({
      method: 'POST',
      url: `${base}/drafts`,
      headers: teacher.headers,
      payload: { userId: student.user_id, options: { mode: 'summative', useRubric: false, customInstructions: null } },
    });
    expect(draftReply.statusCode, draftReply.body).toBe(200);
    expectNoStudentNamed(draftReply.body);
    const draft = draftReply.json<DraftResponse>().draft;
    // The greeting by first name has no name to put back: it is left out, never shown as a placeholder.
    expect(draft.feedback).not.toMatch(/\[STUDENT_/);

    const saveReply = await grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: teacher.headers,
      payload: { submissionId: student.id, grade: 16, comment: draft.feedback },
    });
    expect(saveReply.statusCode, saveReply.body).toBe(200);
    expectNoStudentNamed(saveReply.body);
    const saved = saveReply.json<SaveGradeResponse>();
    expect(saved.stored).toBe('16 / 20');
    expect(saved.submission).toMatchObject({ user_id: student.user_id, anonymous_id: student.anonymous_id });
    expect(saved.submission.user.name).toBe(student.user.name);
    expect(saved.canUndo).toBe(false);
    expect(await grading.usageOf(teacher)).toMatchObject({ submissions_used: 1 });

    // In Canvas, read by the anonymous id as a grader would.
    const inCanvas = await fetch(
      `${grading.canvas.baseUrl}/api/v1/courses/${COURSE_ID}/assignments/${assignmentId}/anonymous_submissions/${student.anonymous_id}?include[]=submission_comments`,
      { headers: { authorization: `Bearer ${grading.canvas.token}` } },
    ).then((reply) => reply.json() as Promise<{ score: number; submission_comments: Array<{ comment: string }> }>);
    expect(inCanvas.score).toBe(16);
    expect(inCanvas.submission_comments.at(-1)?.comment).toBe(draft.feedback);

    // The list read again still names nobody, and the saved student keeps her number.
    const again = await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers });
    expectNoStudentNamed(again.body);
    const after = again.json<AssignmentGradingView>().submissions.find((s) => s.user_id === student.user_id)!;
    expect(after).toMatchObject({ score: 16, user: { name: student.user.name } });
  });

  it('has a drift note that speaks of earlier students as Student N', async () => {
    const teacher = await grading.teacher();
    const assignmentId = anonymousAssignmentId();
    const base = `/api/grading/courses/${COURSE_ID}/assignments/${assignmentId}`;
    const typed = [...grading.canvas.state.submissions.values()]
      .filter((s) => s.assignmentId === assignmentId && s.body && s.workflowState !== 'unsubmitted')
      .sort((a, b) => a.id - b.id);
    // Every essay but the last graded on how long it is, as a steady grader would.
    const [target, ...earlier] = [typed.at(-1)!, ...typed.slice(0, -1)];
    gradeByLength(earlier, 8, 18);
    const view = (
      await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers })
    ).json<AssignmentGradingView>();
    const student = view.submissions.find((s) => s.id === String(target.id))!;
    const save = async (grade: number) => {
      const reply = await grading.app.inject({
        method: 'PUT',
        url: `${base}/grades/${student.user_id}`,
        headers: teacher.headers,
        payload: { submissionId: student.id, grade, comment: 'Thank you.' },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expectNoStudentNamed(reply.body);
      return reply.json<SaveGradeResponse>();
    };
    const drift = (await save(20)).drift ?? (await save(0)).drift;
    expect(drift).toBeDefined();
    const labels = new Map(view.submissions.map((s) => [s.user_id, s.user.name]));
    for (const alike of drift!.alike) {
      expect(alike.user_id).toBeLessThan(0);
      expect(alike.name).toBe(labels.get(alike.user_id));
      expect(alike.name).toMatch(/^Student \d+$/);
    }
  });

  it('keeps a saved comment in the comment bank without the name of any student of the course', async () => {
    const teacher = await grading.teacher();
    const assignmentId = anonymousAssignmentId();
    const base = `/api/grading/courses/${COURSE_ID}/assignments/${assignmentId}`;
    const view = (
      await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers })
    ).json<AssignmentGradingView>();
    // Any handed-in work: the tests above graded the rest of the class.
    const student = view.submissions.find((s) => s.workflow_state !== 'unsubmitted' && s.body)!;
    const named = studentsOf(COURSE_ID)[3]!;
    const saved = await grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: teacher.headers,
      payload: { submissionId: student.id, grade: 14, comment: `${named.name}, your creek data is strong.` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const bank = await grading.app.inject({
      method: 'GET',
      url: `/api/grading/comment-bank?courseId=${COURSE_ID}&assignmentId=${assignmentId}`,
      headers: teacher.headers,
    });
    expect(bank.json().comments.map((comment: { text: string }) => comment.text)).toEqual([
      '[name], your creek data is strong.',
    ]);
    expectNoStudentNamed(bank.body);
  });

  it('refuses a discussion or quiz graded anonymously before anything is drafted or charged', async () => {
    const teacher = await grading.teacher();
    const { state } = grading.canvas;
    const options = { mode: 'summative', useRubric: false, customInstructions: null };

    const topic = [...state.discussionTopics.values()].find((t) => t.courseId === 4201 && t.assignmentId !== null)!;
    state.assignments.get(topic.assignmentId!)!.anonymousGrading = true;
    const poster = state.entriesOf(topic.id).find((entry) => state.studentIdsIn(4201).includes(entry.userId))!;
    const discussion = `/api/grading/courses/4201/discussions/${topic.id}`;
    const topicDraft = await grading.app.inject({
      method: 'POST',
      url: `${discussion}/drafts`,
      headers: teacher.headers,
      payload: { userId: poster.userId, options },
    });
    expect(topicDraft.statusCode).toBe(403);
    expect(topicDraft.json().error.message).toBe(ANONYMOUS_TOPIC_REFUSAL);
    const topicSave = await grading.app.inject({
      method: 'PUT',
      url: `${discussion}/grades/${poster.userId}`,
      headers: teacher.headers,
      payload: { grade: 5, comment: 'Good points.' },
    });
    expect(topicSave.statusCode).toBe(403);
    expect(topicSave.json().error.message).toBe(ANONYMOUS_TOPIC_REFUSAL);

    const quiz = [...state.quizzes.values()].find((q) => q.courseId === 4201 && q.assignmentId !== null)!;
    state.assignments.get(quiz.assignmentId!)!.anonymousGrading = true;
    const taken = state.quizSubmissionsOf(quiz.id).find((qs) => qs.finishedAt !== null)!;
    const essay = state.questionsOf(quiz.id).find((q) => q.type === 'essay_question') ?? state.questionsOf(quiz.id)[0]!;
    const quizBase = `/api/grading/courses/4201/quizzes/${quiz.id}/submissions/${taken.id}`;
    const quizDraft = await grading.app.inject({
      method: 'POST',
      url: `${quizBase}/questions/${essay.id}/draft`,
      headers: teacher.headers,
      payload: { options },
    });
    expect(quizDraft.statusCode).toBe(403);
    expect(quizDraft.json().error.message).toBe(ANONYMOUS_TOPIC_REFUSAL);
    expect(await grading.usageOf(teacher)).toMatchObject({ submissions_used: 0 });
  });
});
