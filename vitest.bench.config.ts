import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// Benchmarks print ratios against a reference measured in the same run (curl, ffmpeg, yt-dlp), one table each; they
// are not part of the test suite. Run: npm run bench (all of bench/*.bench.ts), or one: npx vitest run -c vitest.bench.config.ts bench/fetch.bench.ts.
const config = mergeConfig(
  base,
  defineConfig({
    test: {
      testTimeout: 15 * 60_000,
      hookTimeout: 5 * 60_000,
      fileParallelism: false,
    },
  }),
);
// mergeConfig concatenates arrays: set the benches as the only files, or every unit test would run with them.
config.test!.include = ['bench/**/*.bench.ts'];
export default config;
