import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The selected student (and question, tab) live in the URL, so a reload or a shared link opens the
 * same place. Updates replace the history entry: moving between students is not navigation.
 */
export function useSearchParamUpdater() {
  const [searchParams, setSearchParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string>) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return [searchParams, update] as const;
}
