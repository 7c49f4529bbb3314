import type { NeedsGradingItem } from '@/shared/schemas/canvas';

export type DueOrder = 'oldest' | 'newest';

/**
 * Oldest first puts assignments without a due date last; newest first puts them first
 * (spec part 2 §2.4). Ties keep a stable order by name.
 */
export function sortByDueDate(items: NeedsGradingItem[], order: DueOrder): NeedsGradingItem[] {
  return [...items].sort((a, b) => {
    if (!a.due_at && !b.due_at) return a.name.localeCompare(b.name);
    if (!a.due_at) return order === 'oldest' ? 1 : -1;
    if (!b.due_at) return order === 'oldest' ? -1 : 1;
    const difference = Date.parse(a.due_at) - Date.parse(b.due_at);
    if (difference === 0) return a.name.localeCompare(b.name);
    return order === 'oldest' ? difference : -difference;
  });
}

export function isOverdue(dueAt: string | null, now = Date.now()): boolean {
  return dueAt !== null && Date.parse(dueAt) < now;
}
