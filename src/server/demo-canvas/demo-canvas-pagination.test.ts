import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoCanvas, type RunningDemoCanvas } from './index';
import { callCanvas, linksOf } from '../test/demo-canvas-support';

let demo: RunningDemoCanvas;
beforeAll(async () => {
  demo = await startDemoCanvas();
});
afterAll(() => demo.close());

const SUBMISSIONS = '/api/v1/courses/4201/assignments/5002/submissions';

describe('demo Canvas pagination', () => {
  it('pages 35 submissions 10 at a time with current, next, prev, first and last in that order', async () => {
    const first = await callCanvas(demo.baseUrl, `${SUBMISSIONS}?include[]=user&include[]=submission_comments`, {
      token: demo.token,
    });
    expect(first.json).toHaveLength(10);
    const header = first.headers.get('link') ?? '';
    const base = `${demo.baseUrl}${SUBMISSIONS}?include%5B%5D=user&include%5B%5D=submission_comments`;
    expect(header).toBe(
      [
        `<${base}&page=1&per_page=10>; rel="current"`,
        `<${base}&page=2&per_page=10>; rel="next"`,
        `<${base}&page=1&per_page=10>; rel="first"`,
        `<${base}&page=4&per_page=10>; rel="last"`,
      ].join(','),
    );

    const middle = await callCanvas(
      demo.baseUrl,
      `${SUBMISSIONS}?include[]=user&include[]=submission_comments&page=2&per_page=10`,
      { token: demo.token },
    );
    expect(Object.keys(linksOf(middle.headers))).toEqual(['current', 'next', 'prev', 'first', 'last']);

    const userIds: number[] = [];
    let url: string | undefined = `${SUBMISSIONS}?include[]=user`;
    let pages = 0;
    while (url) {
      const page = await callCanvas(demo.baseUrl, url.replace(demo.baseUrl, ''), { token: demo.token });
      userIds.push(...page.json.map((s: { user_id: number }) => s.user_id));
      url = linksOf(page.headers).next;
      pages += 1;
    }
    expect(pages).toBe(4);
    expect(userIds).toHaveLength(35);
    expect(userIds).toEqual([...userIds].sort((a, b) => a - b));
  });

  it('answers [] past the last page, with prev and no next', async () => {
    const answer = await callCanvas(demo.baseUrl, `${SUBMISSIONS}?page=9&per_page=10`, { token: demo.token });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual([]);
    const links = linksOf(answer.headers);
    expect(links.next).toBeUndefined();
    expect(links.prev).toContain('page=8&per_page=10');
    expect(links.last).toContain('page=4&per_page=10');
  });

  it('clamps per_page to 1..100 and refuses a page that is not a number', async () => {
    const huge = await callCanvas(demo.baseUrl, `${SUBMISSIONS}?per_page=500`, { token: demo.token });
    expect(huge.json).toHaveLength(35);
    expect(linksOf(huge.headers).current).toContain('per_page=100');
    const zero = await callCanvas(demo.baseUrl, `${SUBMISSIONS}?per_page=0`, { token: demo.token });
    expect(zero.json).toHaveLength(1);
    const word = await callCanvas(demo.baseUrl, `${SUBMISSIONS}?page=abc`, { token: demo.token });
    expect(word.status).toBe(404);
  });

  it('pages courses and sorts them by name; favourites are one unpaginated list', async () => {
    const first = await callCanvas(demo.baseUrl, '/api/v1/courses?per_page=2', { token: demo.token });
    expect(first.json.map((c: { name: string }) => c.name)).toEqual(['AP U.S. History', 'Creative Writing Workshop']);
    expect(linksOf(first.headers).last).toContain('page=3&per_page=2');
    const favorites = await callCanvas(demo.baseUrl, '/api/v1/users/self/favorites/courses', { token: demo.token });
    expect(favorites.headers.get('link')).toBeNull();
    expect(favorites.json.map((c: { id: number }) => c.id)).toEqual([4201]);
  });

  it('lists discussion topics 100 to a page by default', async () => {
    const answer = await callCanvas(demo.baseUrl, '/api/v1/courses/4201/discussion_topics', { token: demo.token });
    expect(linksOf(answer.headers).current).toContain('per_page=100');
  });

  it('builds Link URLs with the mount prefix when served inside the app', async () => {
    const Fastify = (await import('fastify')).default;
    const { demoCanvasPlugin, createDemoCanvasFaults } = await import('./index');
    const app = Fastify({ logger: false, forceCloseConnections: true });
    await app.register(demoCanvasPlugin, {
      prefix: '/demo-canvas',
      state: demo.state,
      faults: createDemoCanvasFaults(),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const answer = await callCanvas(origin, '/demo-canvas/api/v1/courses?per_page=2', { token: demo.token });
      expect(linksOf(answer.headers).next).toBe(`${origin}/demo-canvas/api/v1/courses?page=2&per_page=2`);
      const assignment = await callCanvas(origin, '/demo-canvas/api/v1/courses/4201/assignments/5001', {
        token: demo.token,
      });
      expect(assignment.json.html_url).toBe(`${origin}/demo-canvas/courses/4201/assignments/5001`);
      const page = await callCanvas(origin, '/demo-canvas/courses/4201/assignments/5001');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Personal Narrative');
    } finally {
      await app.close();
    }
  });
});
