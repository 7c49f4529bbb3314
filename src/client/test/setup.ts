// Client test setup: a test that logs an unexpected console.error fails.
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  cleanup();
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0) throw new Error('console.error was called: ' + JSON.stringify(calls[0]));
});
