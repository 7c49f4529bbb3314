import pg from 'pg';
/** A small closed-loop load generator: `concurrency` workers send requests until `total` are done. */
export async function measureLoad(options: {
  total: number;
  concurrency: number;
  request: (index: number) => Promise<Response>;
}): Promise<{ requestsPerSecond: number; p50Ms: number; p99Ms: number; failures: number }> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const startedAt = performance.now();
  async function worker() {
    while (next < options.total) {
      const index = next++;
      const began = performance.now();
      const response = await options.request(index);
      await response.arrayBuffer();
      latencies.push(performance.now() - began);
      if (!response.ok) failures += 1;
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? 0;
  return { requestsPerSecond: options.total / elapsedSeconds, p50Ms: at(0.5), p99Ms: at(0.99), failures };
}

export function printTable(title: string, rows: Array<[string, string]>) {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
}

/** Whether a Postgres server answers at `url` (the benches use one when it does, else the embedded database). */
export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
