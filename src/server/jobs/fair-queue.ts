import type PgBoss from 'pg-boss';

/**
 * Priorities that take whole-class runs round-robin by teacher (decision 036). The queue hands out
 * the highest priority first, then the oldest. Each student's job gets a place in a countdown: a
 * teacher's first student waiting is level with the head of the queue, her second one step below,
 * and so on, and a teacher who already has students waiting continues below her own last one. So
 * a teacher who starts a 4-student run behind another's 300 has her students taken one for one
 * with the other's next ones, instead of after all 300; two big runs share the instances evenly.
 */
export async function fairPriorities(boss: PgBoss, queue: string, userId: string, count: number): Promise<number[]> {
  const { rows } = (await boss.getDb().executeSql(
    `select max(priority)::int as head, min(priority) filter (where data->>'userId' = $2)::int as own_tail
       from pgboss.job where name = $1 and state in ('created', 'retry')`,
    [queue, userId],
  )) as { rows: { head: number | null; own_tail: number | null }[] };
  const head = rows[0]?.head ?? 0;
  const ownTail = rows[0]?.own_tail;
  const first = ownTail === null || ownTail === undefined ? head : Math.min(head, ownTail - 1);
  return Array.from({ length: count }, (_, index) => first - index);
}
