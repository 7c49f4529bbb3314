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

/**
 * Takes the next waiting job of `queue` as pg-boss's own fetch does (highest priority, then
 * oldest; marked active, a retry counted), except jobs of the teachers in `busyTeachers`: an
 * instance keeps a slot or two for other teachers, so a run started behind a whole class begins at
 * once instead of waiting for a draft of that class to end. Null when nothing fits.
 */
export async function claimNextJob(
  boss: PgBoss,
  queue: string,
  busyTeachers: string[],
): Promise<{ id: string; data: unknown } | null> {
  const { rows } = (await boss.getDb().executeSql(
    `with next as (
       select id from pgboss.job
        where name = $1 and state < 'active' and start_after < now()
          and coalesce(data->>'userId', '') <> all($2::text[])
        order by priority desc, created_on, id
        limit 1
        for update skip locked
     )
     update pgboss.job j set
       state = 'active',
       started_on = now(),
       retry_count = case when j.started_on is not null then j.retry_count + 1 else j.retry_count end
     from next
     where j.name = $1 and j.id = next.id
     returning j.id, j.data`,
    [queue, busyTeachers],
  )) as { rows: { id: string; data: unknown }[] };
  return rows[0] ?? null;
}
