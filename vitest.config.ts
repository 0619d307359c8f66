import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // `server-only` throws outside React Server Components; in Node tests it is a no-op.
      'server-only': fileURLToPath(new URL('./test/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    include: ['lib/**/*.test.ts', 'components/**/*.test.{ts,tsx}', 'test/**/*.test.ts', 'messages/**/*.test.ts'],
    exclude: ['node_modules', 'e2e/**', '.next/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two test files at once even on a two-core machine (Vitest's default there is one): most of a file's time is
    // spent waiting on ffmpeg, yt-dlp, the fixture site or a database, and the suite takes about half as long.
    maxWorkers: 2,
    setupFiles: ['./test/setup-env.ts'],
  },
});
