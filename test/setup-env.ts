import { vi } from 'vitest';
import { environmentChanged } from '@/lib/env-watch';

// vi.stubEnv and vi.unstubAllEnvs (also run after each test) write through Vitest's own view of the environment,
// past the process.env that lib/config.ts watches: each of them says so, or config() would answer from before.
for (const name of ['stubEnv', 'unstubAllEnvs'] as const) {
  const original = vi[name].bind(vi) as (...args: unknown[]) => unknown;
  Object.assign(vi, {
    [name]: (...args: unknown[]) => {
      const result = original(...args);
      environmentChanged();
      return result;
    },
  });
}
