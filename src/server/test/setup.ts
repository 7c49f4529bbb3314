// Server test setup: fails a test that logs an unexpected console.error.
import { afterEach, vi } from 'vitest';

const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0) throw new Error('console.error was called: ' + JSON.stringify(calls[0]));
});
