// Preloaded into a bench instance (NODE_OPTIONS=--import): the server's own event-loop delay,
// measured by monitorEventLoopDelay. On SIGUSR2 it writes one line with the longest delay and the
// 99th percentile since the last signal, in ms, and starts again.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.on('SIGUSR2', () => {
  const line = { maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 };
  process.stderr.write(`loop-delay ${JSON.stringify(line)}\n`);
  histogram.reset();
});
