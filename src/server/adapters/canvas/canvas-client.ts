import { fetch as undiciFetch } from 'undici';
import { anonymousIdOfKey } from '@/shared/anonymous-students';
import { AppError, isAppError } from '@/server/core/app-error';
import { mapInSlices } from '@/server/core/in-slices';
import type { CanvasNetwork } from './canvas-network';
import { CanvasHttp, type QueryValue } from './canvas-http';
import type { RequestSubject } from './canvas-errors';
import { parseCanvas } from './canvas-schemas';
import type { CanvasClient, CanvasGradeInput, CanvasQuizScoreUpdate } from './port';

export interface CanvasClientOptions {
  /** The Canvas root, e.g. https://school.instructure.com (normalise with normalizeCanvasUrl first). */
  baseUrl: string;
  token: string;
  /** OAuth2: renews the access token once after Canvas refuses it (see CanvasHttpOptions.renewToken). */
  renewToken?: (rejected: string) => Promise<string>;
  /** The URL rule and pinned-address connection pool every request and redirect goes through. */
  network: CanvasNetwork;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Per attempt, including redirects and reading the body. Default 15 s. */
  timeoutMs?: number;
  /** Per call, all retries and pages included: the longest a teacher waits on Canvas. Default 30 s. */
  deadlineMs?: number;
  /** Largest JSON answer (one page) read from Canvas. Default 10 MB. */
  maxResponseBytes?: number;
  /** Largest list, all pages together. Default 50 MB. */
  maxListBytes?: number;
  /** Retries after the first attempt (see CanvasHttp for which failures are retried). */
  maxRetries?: number;
  /** undici's fetch by default (the connection pool is undici's); tests may wrap it. */
  fetch?: typeof fetch;
  /** First backoff step; tests use a few milliseconds. */
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  /** Pace requests when `X-Rate-Limit-Remaining` drops below this (Canvas's high-water mark is 600). */
  rateLimitLowWatermark?: number;
  rateLimitMaxPauseMs?: number;
  /** Largest attachment downloaded, in bytes. */
  maxAttachmentBytes?: number;
  /** Jitter source; injectable for deterministic tests. */
  random?: () => number;
}

/** One attempt at Canvas, and one whole call (retries and pages included). */
export const DEFAULT_CANVAS_ATTEMPT_TIMEOUT_MS = 15_000;
export const DEFAULT_CANVAS_DEADLINE_MS = 30_000;

const PER_PAGE = 100;
const COURSE_INCLUDES = ['needs_grading_count', 'total_students', 'favorites', 'term'];
const SUBMISSION_INCLUDES = ['user', 'submission_comments', 'rubric_assessment'];

const read = (label: string): RequestSubject => ({ label, isChange: false });
const change = (label: string): RequestSubject => ({ label, isChange: true });

export function createCanvasClient(options: CanvasClientOptions): CanvasClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const http = new CanvasHttp({
    baseUrl,
    token: options.token,
    renewToken: options.renewToken,
    network: options.network,
    concurrency: options.concurrency ?? 6,
    timeoutMs: options.timeoutMs ?? DEFAULT_CANVAS_ATTEMPT_TIMEOUT_MS,
    deadlineMs: options.deadlineMs ?? DEFAULT_CANVAS_DEADLINE_MS,
    maxResponseBytes: options.maxResponseBytes ?? 10 * 1024 * 1024,
    maxListBytes: options.maxListBytes ?? 50 * 1024 * 1024,
    maxRetries: options.maxRetries ?? 3,
    fetch: options.fetch ?? (undiciFetch as unknown as typeof fetch),
    retryBaseDelayMs: options.retryBaseDelayMs ?? 500,
    retryMaxDelayMs: options.retryMaxDelayMs ?? 8_000,
    rateLimitLowWatermark: options.rateLimitLowWatermark ?? 100,
    rateLimitMaxPauseMs: options.rateLimitMaxPauseMs ?? 5_000,
    random: options.random ?? Math.random,
  });
  const maxAttachmentBytes = options.maxAttachmentBytes ?? 25 * 1024 * 1024;

  const list = (
    path: string,
    query: Record<string, QueryValue>,
    subject: RequestSubject,
    pick?: (body: unknown) => unknown,
  ) => http.getAllPages(http.apiUrl(path, { ...query, per_page: PER_PAGE }), subject, pick);
  const get = (path: string, query: Record<string, QueryValue>, subject: RequestSubject) =>
    http.getJson(http.apiUrl(path, query), subject);
  const course = (json: unknown) => parseCanvas.course(json, baseUrl);

  return {
    getSelf: async () => parseCanvas.user(await get('users/self', {}, read('your Canvas profile'))),
    getProfile: async () => parseCanvas.user(await get('users/self/profile', {}, read('your Canvas profile'))),

    listCourses: async () => (await list('courses', { include: COURSE_INCLUDES }, read('your courses'))).map(course),
    listFavoriteCourses: async () =>
      (await list('users/self/favorites/courses', { include: COURSE_INCLUDES }, read('your favourite courses'))).map(
        course,
      ),
    getCourse: async (courseId) =>
      course(await get(`courses/${courseId}`, { include: COURSE_INCLUDES }, read('this course'))),
    getLatePolicy: async (courseId) => {
      try {
        return parseCanvas.latePolicy(await get(`courses/${courseId}/late_policy`, {}, read('the late policy')));
      } catch (error) {
        // A course without a late policy answers 404; one the caller may not read is treated as none.
        if (isAppError(error) && (error.code === 'CANVAS_NOT_FOUND' || error.code === 'CANVAS_PERMISSION')) return null;
        throw error;
      }
    },

    listAssignments: async (courseId, listOptions = {}) =>
      (
        await list(
          `courses/${courseId}/assignments`,
          { bucket: listOptions.bucket },
          read('the assignments of this course'),
        )
      ).map(parseCanvas.assignment),
    getAssignment: async (courseId, assignmentId) => {
      const assignment = parseCanvas.assignment(
        await get(`courses/${courseId}/assignments/${assignmentId}`, {}, read('this assignment')),
      );
      if (!assignment.rubric?.some((criterion) => criterion.outcomeId)) return assignment;
      // Canvas names a linked outcome but not its mastery points: those come from the outcome.
      const rubric = await Promise.all(
        assignment.rubric.map(async (criterion) => {
          if (!criterion.outcomeId) return criterion;
          try {
            const outcome = parseCanvas.outcome(
              await get(`outcomes/${criterion.outcomeId}`, {}, read('a learning outcome')),
            );
            return { ...criterion, masteryPoints: outcome.masteryPoints };
          } catch {
            // An outcome the teacher cannot read leaves the criterion as it is.
            return criterion;
          }
        }),
      );
      return { ...assignment, rubric };
    },

    // A lecture's submissions are megabytes: read a slice at a time, so other requests get their turn.
    listSubmissions: async (courseId, assignmentId, listOptions = {}) =>
      mapInSlices(
        await list(
          `courses/${courseId}/assignments/${assignmentId}/submissions`,
          { include: submissionIncludes(listOptions.withQuizAnswers) },
          read('the submissions for this assignment'),
        ),
        parseCanvas.submission,
      ),
    getSubmission: async (courseId, assignmentId, userId, getOptions = {}) =>
      parseCanvas.submission(
        await get(
          submissionPath(courseId, assignmentId, userId),
          { include: submissionIncludes(getOptions.withQuizAnswers) },
          read("this student's submission"),
        ),
      ),
    gradeSubmission: async (courseId, assignmentId, userId, input) =>
      parseCanvas.submission(
        await http.putJson(
          http.apiUrl(submissionPath(courseId, assignmentId, userId)),
          gradeBody(input),
          change("this student's grade"),
        ),
      ),

    listAssignmentGroups: async (courseId) =>
      (
        await list(
          `courses/${courseId}/assignment_groups`,
          { include: ['assignments'] },
          read('the assignment groups of this course'),
        )
      ).map(parseCanvas.assignmentGroup),
    listStudentEnrollments: async (courseId) =>
      (
        await list(
          `courses/${courseId}/enrollments`,
          { type: ['StudentEnrollment'], state: ['active'] },
          read('the students of this course'),
        )
      ).map(parseCanvas.enrollment),
    listStudentSubmissions: async (courseId, listOptions) =>
      (
        await list(
          `courses/${courseId}/students/submissions`,
          {
            student_ids: listOptions.studentIds === 'all' ? ['all'] : listOptions.studentIds.map(String),
            assignment_ids: listOptions.assignmentIds?.map(String),
            include: listOptions.withComments ? ['rubric_assessment', 'submission_comments'] : ['rubric_assessment'],
          },
          read('the grades of this course'),
        )
      ).map(parseCanvas.submission),
    editSubmissionComment: async (courseId, assignmentId, userId, commentId, text) => {
      refuseAnonymousComment(userId);
      return parseCanvas.comment(
        await http.putJson(
          http.apiUrl(`courses/${courseId}/assignments/${assignmentId}/submissions/${userId}/comments/${commentId}`),
          { comment: text },
          change('your comment to this student'),
        ),
      );
    },
    deleteSubmissionComment: async (courseId, assignmentId, userId, commentId) => {
      refuseAnonymousComment(userId);
      await http.deleteJson(
        http.apiUrl(`courses/${courseId}/assignments/${assignmentId}/submissions/${userId}/comments/${commentId}`),
        change('your comment to this student'),
      );
    },

    listDiscussionTopics: async (courseId) =>
      (await list(`courses/${courseId}/discussion_topics`, {}, read('the discussions of this course'))).map(
        parseCanvas.topic,
      ),
    getDiscussionTopic: async (courseId, topicId) =>
      parseCanvas.topic(await get(`courses/${courseId}/discussion_topics/${topicId}`, {}, read('this discussion'))),
    getDiscussionView: async (courseId, topicId) =>
      parseCanvas.view(
        await get(`courses/${courseId}/discussion_topics/${topicId}/view`, {}, read('the posts of this discussion')),
      ),
    listDiscussionEntries: async (courseId, topicId) =>
      (
        await list(`courses/${courseId}/discussion_topics/${topicId}/entries`, {}, read('the posts of this discussion'))
      ).map(parseCanvas.entry),
    listDiscussionReplies: async (courseId, topicId, entryId) =>
      (
        await list(
          `courses/${courseId}/discussion_topics/${topicId}/entries/${entryId}/replies`,
          {},
          read('the replies to this post'),
        )
      ).map(parseCanvas.entry),

    listQuizzes: async (courseId) =>
      (await list(`courses/${courseId}/quizzes`, {}, read('the quizzes of this course'))).map(parseCanvas.quiz),
    getQuiz: async (courseId, quizId) =>
      parseCanvas.quiz(await get(`courses/${courseId}/quizzes/${quizId}`, {}, read('this quiz'))),
    listQuizQuestions: async (courseId, quizId) =>
      (await list(`courses/${courseId}/quizzes/${quizId}/questions`, {}, read('the questions of this quiz'))).map(
        parseCanvas.quizQuestion,
      ),
    listQuizSubmissions: async (courseId, quizId) =>
      (
        await list(
          `courses/${courseId}/quizzes/${quizId}/submissions`,
          {},
          read('the submissions for this quiz'),
          parseCanvas.quizSubmissionList,
        )
      ).map(parseCanvas.quizSubmission),
    getQuizSubmission: async (courseId, quizId, quizSubmissionId) =>
      singleQuizSubmission(
        await get(
          `courses/${courseId}/quizzes/${quizId}/submissions/${quizSubmissionId}`,
          {},
          read("this student's quiz"),
        ),
      ),
    getQuizAnswers: async (courseId, assignmentId, userId) => {
      const submission = parseCanvas.submission(
        await get(
          `courses/${courseId}/assignments/${assignmentId}/submissions/${userId}`,
          { include: ['submission_history'] },
          read("this student's quiz answers"),
        ),
      );
      return submission.quizAnswers ?? [];
    },
    updateQuizScores: async (courseId, quizId, quizSubmissionId, update) =>
      singleQuizSubmission(
        await http.putJson(
          http.apiUrl(`courses/${courseId}/quizzes/${quizId}/submissions/${quizSubmissionId}`),
          quizScoreBody(update),
          change("this student's quiz score"),
        ),
      ),

    downloadAttachment: async (url, downloadOptions = {}) => {
      const { bytes, headers } = await http.getBytes(
        http.onCanvasOrigin(url),
        read('this file'),
        downloadOptions.maxBytes ?? maxAttachmentBytes,
      );
      return {
        bytes,
        contentType:
          (headers.get('content-type') ?? 'application/octet-stream').split(';')[0]?.trim() ??
          'application/octet-stream',
        filename: filenameOf(headers.get('content-disposition')),
      };
    },
  };
}

function submissionIncludes(withQuizAnswers: boolean | undefined): string[] {
  return withQuizAnswers ? [...SUBMISSION_INCLUDES, 'submission_history'] : SUBMISSION_INCLUDES;
}

/** The PUT body Canvas reads: submission[posted_grade], comment[text_comment], rubric_assessment[id][...]. */
function gradeBody(input: CanvasGradeInput): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (input.postedGrade !== undefined)
    body.submission = { posted_grade: input.postedGrade === null ? '' : String(input.postedGrade) };
  if (input.comment !== undefined && input.comment.trim() !== '') body.comment = { text_comment: input.comment };
  if (input.rubricAssessment) {
    body.rubric_assessment = Object.fromEntries(
      Object.entries(input.rubricAssessment).map(([criterionId, entry]) => [
        criterionId,
        {
          ...(entry.points !== undefined ? { points: entry.points === null ? '' : entry.points } : {}),
          ...(entry.ratingId ? { rating_id: entry.ratingId } : {}),
          ...(entry.comments !== undefined ? { comments: entry.comments } : {}),
        },
      ]),
    );
  }
  return body;
}

function quizScoreBody(update: CanvasQuizScoreUpdate): Record<string, unknown> {
  return {
    quiz_submissions: [
      {
        attempt: update.attempt,
        ...(update.fudgePoints !== undefined ? { fudge_points: update.fudgePoints } : {}),
        questions: Object.fromEntries(
          Object.entries(update.questions).map(([questionId, question]) => [
            questionId,
            {
              ...(question.score !== undefined ? { score: question.score === null ? '' : question.score } : {}),
              ...(question.comment !== undefined ? { comment: question.comment } : {}),
            },
          ]),
        ),
      },
    ],
  };
}

/**
 * A student's submission: by user id, or by anonymous id for a student keyed by one (decision 067),
 * as Canvas takes grades on an anonymised assignment only there.
 */
function submissionPath(courseId: number, assignmentId: number, userId: number): string {
  const anonymousId = anonymousIdOfKey(userId);
  return anonymousId === null
    ? `courses/${courseId}/assignments/${assignmentId}/submissions/${userId}`
    : `courses/${courseId}/assignments/${assignmentId}/anonymous_submissions/${anonymousId}`;
}

/** Canvas's Submission Comments API goes by user id only: an anonymous student's comment cannot be addressed. */
function refuseAnonymousComment(userId: number): void {
  if (anonymousIdOfKey(userId) !== null) {
    throw new AppError('VALIDATION', 'Canvas does not let a comment on an anonymous submission be edited or deleted.', {
      details: { reason: 'anonymous_comment' },
    });
  }
}

function singleQuizSubmission(body: unknown) {
  const [first] = parseCanvas.quizSubmissionList(body);
  if (first === undefined) {
    throw new AppError('CANVAS_NOT_FOUND', 'Canvas could not find this quiz submission.', {
      details: { reason: 'empty_response' },
    });
  }
  return parseCanvas.quizSubmission(first);
}

function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // fall through to the plain filename
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}
