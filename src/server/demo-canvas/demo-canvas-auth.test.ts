import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_CANVAS_EXPIRED_TOKEN,
  DEMO_CANVAS_REVOKED_TOKEN,
  DEMO_CANVAS_TA_TOKEN,
  startDemoCanvas,
  type RunningDemoCanvas,
} from './index';
import { callCanvas } from '../test/demo-canvas-support';

let demo: RunningDemoCanvas;
beforeAll(async () => {
  demo = await startDemoCanvas();
});
afterAll(() => demo.close());

describe('demo Canvas authentication', () => {
  it('answers a missing token with 401, WWW-Authenticate and "user authorization required"', async () => {
    const answer = await callCanvas(demo.baseUrl, '/api/v1/users/self');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="canvas-lms"');
    expect(answer.json).toEqual({ status: 'unauthenticated', errors: [{ message: 'user authorization required' }] });
  });

  it('answers an unknown token with 401 "Invalid access token."', async () => {
    const answer = await callCanvas(demo.baseUrl, '/api/v1/courses', { token: '1~not-a-real-token' });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="canvas-lms"');
    expect(answer.json).toEqual({ errors: [{ message: 'Invalid access token.' }] });
  });

  it('tells expired and revoked tokens apart', async () => {
    const expired = await callCanvas(demo.baseUrl, '/api/v1/users/self', { token: DEMO_CANVAS_EXPIRED_TOKEN });
    expect(expired.status).toBe(401);
    expect(expired.json.errors[0].message).toBe('Expired access token.');
    expect(expired.json.errors[0].expired_at).toMatch(/Z$/);
    const revoked = await callCanvas(demo.baseUrl, '/api/v1/users/self', { token: DEMO_CANVAS_REVOKED_TOKEN });
    expect(revoked.json).toEqual({ errors: [{ message: 'Revoked access token.' }] });
  });

  it('requires the scheme to be exactly "Bearer" and falls back to access_token', async () => {
    const lowercase = await callCanvas(demo.baseUrl, '/api/v1/users/self', {
      headers: { authorization: `bearer ${demo.token}` },
    });
    expect(lowercase.status).toBe(401);
    expect(lowercase.json.status).toBe('unauthenticated');
    const viaQuery = await callCanvas(
      demo.baseUrl,
      `/api/v1/users/self?access_token=${encodeURIComponent(demo.token)}`,
    );
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.json.name).toBe('Dana Whitfield');
  });

  it('answers a forbidden call with 403 {"status":"unauthorized"} and no WWW-Authenticate', async () => {
    const answer = await callCanvas(demo.baseUrl, '/api/v1/courses/4201/assignments/5001/submissions', {
      token: DEMO_CANVAS_TA_TOKEN,
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('www-authenticate')).toBeNull();
    expect(answer.json).toEqual({
      status: 'unauthorized',
      errors: [{ message: 'user not authorized to perform that action' }],
    });
  });

  it('checks course rights before the child object, then answers 404 for what does not exist', async () => {
    const strangerCourse = await callCanvas(demo.baseUrl, '/api/v1/courses/4202/assignments/999999', {
      token: DEMO_CANVAS_TA_TOKEN,
    });
    expect(strangerCourse.status).toBe(403);
    for (const path of [
      '/api/v1/courses/999999',
      '/api/v1/courses/4201/assignments/999999',
      '/api/v1/courses/4201/assignments/5001/submissions/1001',
      '/api/v1/nothing/here',
    ]) {
      const answer = await callCanvas(demo.baseUrl, path, { token: demo.token });
      expect(answer.status, path).toBe(404);
      expect(answer.json).toEqual({ errors: [{ message: 'The specified resource does not exist.' }] });
    }
  });

  it('adds the rate-limit headers to every API answer, errors included', async () => {
    for (const token of [demo.token, null, 'wrong']) {
      const answer = await callCanvas(demo.baseUrl, '/api/v1/users/self', { token });
      expect(Number(answer.headers.get('x-rate-limit-remaining'))).toBeGreaterThan(0);
      expect(Number(answer.headers.get('x-request-cost'))).toBeGreaterThan(0);
    }
  });

  it('returns the teacher with e-mail, and the profile with primary_email', async () => {
    const self = await callCanvas(demo.baseUrl, '/api/v1/users/self', { token: demo.token });
    expect(self.json).toMatchObject({
      id: 1001,
      name: 'Dana Whitfield',
      sortable_name: 'Whitfield, Dana',
      email: 'dana.whitfield@northridge.example.edu',
    });
    const profile = await callCanvas(demo.baseUrl, '/api/v1/users/self/profile', { token: demo.token });
    expect(profile.json).toMatchObject({
      id: 1001,
      primary_email: 'dana.whitfield@northridge.example.edu',
      time_zone: 'America/Denver',
    });
  });
});
