import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEMO_CANVAS_TOKEN } from '../seed/tokens';
import { idParam } from '../http/params';
import type { DemoRouteContext } from './route-context';

/** A 1x1 grey PNG: Canvas's default avatar URL must load, its look does not matter. */
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mO8e/fufwAIyQOXxSQJxgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Small human pages for the links the product shows (Open in Canvas, the token settings page), so
 * that following them from the demo explains where you are instead of failing.
 */
export function registerHtmlPages(app: FastifyInstance, context: DemoRouteContext): void {
  const { state } = context;
  const send = (reply: FastifyReply, title: string, body: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').send(layout(title, body));

  app.get('/', async (request, reply) => {
    const base = context.baseUrl(request);
    const courses = [...state.courses.values()]
      .map(
        (c) => `<li><a href="${base}/courses/${c.id}">${escapeHtml(c.name)}</a> (${escapeHtml(c.workflowState)})</li>`,
      )
      .join('');
    return send(
      reply,
      'Demo Canvas',
      `<p>This is Margin's built-in demo of Canvas LMS. Its API lives under <code>${escapeHtml(base)}/api/v1</code>.</p><ul>${courses}</ul>`,
    );
  });

  app.get('/profile/settings', async (request, reply) => {
    const base = context.baseUrl(request);
    return send(
      reply,
      'Approved integrations: access token',
      `<p>In a real Canvas you would create an access token on this page (Account, Settings, "+ New Access Token") and paste it into Margin.</p>
       <p>This is the demo Canvas, so Margin fills in the address and the token for you. If you need them by hand:</p>
       <dl><dt>Canvas URL</dt><dd><code>${escapeHtml(base)}</code></dd>
       <dt>Access token</dt><dd><code>${escapeHtml(DEMO_CANVAS_TOKEN)}</code></dd></dl>
       <p>The demo token never expires and only works against this demo.</p>
       <h2>Approved integrations</h2>${approvedIntegrations(state, base)}`,
    );
  });

  app.get<{ Params: { courseId: string } }>('/courses/:courseId', async (request, reply) => {
    const course = state.courses.get(idParam(request.params.courseId));
    if (!course) return send(reply, 'Page not found', '<p>There is no such course in the demo Canvas.</p>', 404);
    const base = context.baseUrl(request);
    const items = state
      .assignmentsIn(course.id)
      .sort((a, b) => a.position - b.position)
      .map((a) => `<li><a href="${base}/courses/${course.id}/assignments/${a.id}">${escapeHtml(a.name)}</a></li>`)
      .join('');
    return send(
      reply,
      course.name,
      `<p>${escapeHtml(course.courseCode)} &middot; ${escapeHtml(course.workflowState)}</p>${state.lti.toolUrl ? `<nav><a href="${base}/courses/${course.id}/external_tools/margin">Margin</a></nav>` : ''}<h2>Assignments</h2><ul>${items}</ul>`,
    );
  });

  app.get<{ Params: { courseId: string; assignmentId: string } }>(
    '/courses/:courseId/assignments/:assignmentId',
    async (request, reply) => {
      const assignment = state.assignments.get(idParam(request.params.assignmentId));
      if (!assignment || assignment.courseId !== Number(request.params.courseId)) {
        return send(reply, 'Page not found', '<p>There is no such assignment in the demo Canvas.</p>', 404);
      }
      const due = assignment.dueAt ? `Due ${escapeHtml(assignment.dueAt)}` : 'No due date';
      // The description is text we wrote for the seed, not student input, so it is shown as HTML.
      return send(
        reply,
        assignment.name,
        `<p>${due} &middot; ${assignment.pointsPossible} points</p>${assignment.description}`,
      );
    },
  );

  app.get<{ Params: { courseId: string; topicId: string } }>(
    '/courses/:courseId/discussion_topics/:topicId',
    async (request, reply) => {
      const topic = state.discussionTopics.get(idParam(request.params.topicId));
      if (!topic) return send(reply, 'Page not found', '<p>There is no such discussion in the demo Canvas.</p>', 404);
      const count = state.entriesOf(topic.id).filter((e) => !e.deleted).length;
      return send(
        reply,
        topic.title,
        `${topic.message}<p>${count} posts. Margin shows the full conversation on its grading screen.</p>`,
      );
    },
  );

  app.get<{ Params: { courseId: string; quizId: string } }>(
    '/courses/:courseId/quizzes/:quizId',
    async (request, reply) => {
      const quiz = state.quizzes.get(idParam(request.params.quizId));
      if (!quiz) return send(reply, 'Page not found', '<p>There is no such quiz in the demo Canvas.</p>', 404);
      return send(reply, quiz.title, `${quiz.description}<p>${escapeHtml(quiz.quizType.replace('_', ' '))}</p>`);
    },
  );

  app.get('/courses/:courseId/gradebook/speed_grader', async (_request, reply) =>
    send(reply, 'SpeedGrader', '<p>SpeedGrader is part of real Canvas. In the demo, grade from Margin instead.</p>'),
  );

  app.get('/courses/:courseId/assignments/:assignmentId/submissions/:userId', async (_request, reply) =>
    send(
      reply,
      'Submission preview',
      '<p>Submission previews are part of real Canvas. Margin shows the submission on its grading screen.</p>',
    ),
  );

  app.get<{ Params: { courseId: string; userId: string } }>(
    '/courses/:courseId/users/:userId',
    async (request, reply) => {
      const user = state.users.get(idParam(request.params.userId));
      if (!user) return send(reply, 'Page not found', '<p>There is no such person in the demo Canvas.</p>', 404);
      return send(reply, user.name, `<p>${escapeHtml(user.sortableName)}</p>`);
    },
  );

  app.get('/images/messages/avatar-50.png', async (_request, reply) =>
    reply.type('image/png').header('cache-control', 'public, max-age=86400').send(AVATAR_PNG),
  );
}

/** The OAuth2 grants the teacher gave, newest first, each with Remove (which ends the app's access, as in Canvas). */
function approvedIntegrations(state: DemoRouteContext['state'], base: string): string {
  const grants = [...state.oauth.grants.values()]
    .filter((grant) => grant.userId === state.teacherId && !grant.isRevoked)
    .reverse();
  if (grants.length === 0) return '<p>No apps are connected to your account.</p>';
  const rows = grants
    .map((grant) => {
      const name = state.oauth.developerKeys.get(grant.clientId)?.name ?? 'An app';
      return `<li><strong>${escapeHtml(name)}</strong>, authorized ${escapeHtml(grant.createdAt)}
        <form method="post" action="${base}/profile/settings/integrations/${escapeHtml(grant.id)}/remove" style="display:inline">
        <button type="submit">Remove ${escapeHtml(name)}</button></form></li>`;
    })
    .join('');
  return `<ul>${rows}</ul>`;
}

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Demo Canvas</title>
<style>body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#2d3b45}
header{border-bottom:4px solid #e66000;margin-bottom:1rem}code{background:#f5f5f5;padding:.1rem .3rem;word-break:break-all}</style>
</head><body><header><p><strong>Demo Canvas</strong>: sample data for trying Margin</p></header>
<h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
