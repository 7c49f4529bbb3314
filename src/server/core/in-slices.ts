/**
 * Work over a whole class (a lecture holds a thousand submissions) done a slice at a time: after
 * each stretch of `sliceMs` the loop gives other requests their turn, so no request waits on it.
 */
export const SLICE_MS = 15;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Gives other requests their turn between two stretches of work that each take tens of
 * milliseconds (awaiting a settled promise does not: it continues before any request is read).
 */
export const yieldTurn = nextTurn;

/** `items.map(work)`, yielding to other requests every `sliceMs` of work. */
export async function mapInSlices<T, R>(
  items: readonly T[],
  work: (item: T, index: number) => R,
  sliceMs = SLICE_MS,
): Promise<R[]> {
  const results: R[] = [];
  let sliceStart = performance.now();
  for (let index = 0; index < items.length; index += 1) {
    results.push(work(items[index]!, index));
    if (performance.now() - sliceStart > sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  return results;
}

/** A loop that yields like `mapInSlices`: call `await slice.turn()` after each item. */
export function createSlicer(sliceMs = SLICE_MS) {
  let sliceStart = performance.now();
  return {
    async turn(): Promise<void> {
      if (performance.now() - sliceStart <= sliceMs) return;
      await nextTurn();
      sliceStart = performance.now();
    },
  };
}
