/**
 * A Grabline server process reduced to its download jobs, for the restart test: it starts one download job for
 * the URL it is given, says `job <id>` on stdout, and keeps working until it is killed. It uses the same store and
 * temp folder (DATA_DIR, TEMP_DIR) as the process that will take over after the kill.
 */
import { services } from '@/lib/server';

async function main() {
  const [url] = process.argv.slice(2);
  const jobId = await services().downloads.start({ url, quality: '720p', format: 'webm' });
  process.stdout.write(`job ${jobId}\n`);
  setInterval(() => undefined, 60_000);
}

main().catch((error) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
