/**
 * The fixture site in a process of its own, for the scale-out bench: the origin must not share a CPU-bound event
 * loop with the node that queues and follows the jobs. Says `port <n>` on stdout once it listens.
 */
import { startFixtureSite } from '@/test/fixtures/server';

startFixtureSite().then((site) => process.stdout.write(`port ${site.port}\n`), (error) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
