/**
 * Seeded draws for the evaluation, so every run picks the same essays: the same "teacher's graded
 * work" for a set and draw, and the same sample with --per-set. mulberry32 for the numbers, and a
 * seed derived from a label (FNV-1a), so that adding a set does not change the draws of another.
 */

export function seedFromLabel(label: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < label.length; index += 1) {
    hash ^= label.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Numbers in [0, 1) from a 32-bit seed (mulberry32). */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shuffled copy (Fisher-Yates). */
export function seededShuffle<T>(items: readonly T[], label: string): T[] {
  const random = createSeededRandom(seedFromLabel(label));
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** `count` items drawn without replacement, in their original order (all of them when count >= length). */
export function seededSample<T>(items: readonly T[], count: number, label: string): T[] {
  if (count >= items.length) return [...items];
  const chosen = new Set(
    seededShuffle(
      items.map((_, index) => index),
      label,
    ).slice(0, Math.max(0, count)),
  );
  return items.filter((_, index) => chosen.has(index));
}
