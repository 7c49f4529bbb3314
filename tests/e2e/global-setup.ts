import { startMailSink } from './mail-sink';

/** Before any browser test: the run's SMTP sink (mail-sink.ts); the returned function closes it after the last. */
export default async function globalSetup() {
  return startMailSink();
}
