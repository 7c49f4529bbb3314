import { describe, expect, it } from 'vitest';
import { normalizeCanvasUrl } from './canvas-url';

describe('normalizeCanvasUrl', () => {
  it.each([
    ['  school.instructure.com  ', 'https://school.instructure.com'],
    ['school.instructure.com/', 'https://school.instructure.com'],
    ['https://school.instructure.com///', 'https://school.instructure.com'],
    ['http://localhost:3000/demo-canvas/', 'http://localhost:3000/demo-canvas'],
    ['HTTPS://Canvas.Example.edu', 'HTTPS://Canvas.Example.edu'],
    ['   ', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(normalizeCanvasUrl(input)).toBe(expected);
  });
});
