import type { CourseSnapshot } from './read-course-snapshot';

export interface InsightsCacheOptions {
  /** How long a course's reading is reused. */
  ttlMs?: number;
  /** Courses held at most (the oldest goes first). */
  maxEntries?: number;
  now?: () => number;
}

export type InsightsCache = ReturnType<typeof createInsightsCache>;

/**
 * A short-lived memory of each teacher's course readings, so the two tabs and a student's page
 * share one reading of Canvas. Never written anywhere; lost on restart. A reading under way is
 * shared by the requests that ask for it meanwhile; a failed one is forgotten at once.
 */
export function createInsightsCache(options: InsightsCacheOptions = {}) {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 200;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; value: Promise<CourseSnapshot> }>();

  return {
    async get(teacherId: string, courseId: number, read: () => Promise<CourseSnapshot>): Promise<CourseSnapshot> {
      const key = `${teacherId}:${courseId}`;
      const entry = entries.get(key);
      if (entry && now() - entry.at < ttlMs) return entry.value;
      const value = read();
      entries.delete(key);
      entries.set(key, { at: now(), value });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    /** Forgets a teacher's readings (she asked for fresh figures). */
    forget(teacherId: string, courseId: number): void {
      entries.delete(`${teacherId}:${courseId}`);
    },
  };
}
