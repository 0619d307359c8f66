import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the browser's code may pull in. Every module a `'use client'` file imports (not `import type`), and every
 * module those import, is bundled for the browser: the validator (zod) and the answer parser (json-bigint, which
 * lib/client/api-client.ts fetches on demand) must never be among them, nor any server-only module.
 */
const ROOT = process.cwd();
const FORBIDDEN = ['zod', 'json-bigint', 'server-only'];
/**
 * Modules of ours that are never worth their weight in a page: the engine's platform table carries every
 * platform's URL recogniser (about 4 KB gzipped; the browser's code names platforms from lib/platform-labels.ts).
 */
const FORBIDDEN_LOCAL = ['lib/media/platforms/index.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function resolveLocal(from: string, spec: string): string | null {
  const base = spec.startsWith('@/') ? path.join(ROOT, spec.slice(2)) : spec.startsWith('.') ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Static value imports and re-exports (`import type` / `export type` are erased; `import('…')` is on demand). */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^\s'";][^'";]*?\sfrom\s+)?'([^']+)'/gm)) {
    if (m[1]) continue;
    const names = /^[^{]*\{([^}]*)\}/.exec(m[0])?.[1];
    // `import { type A, type B } from …` imports nothing at run time either.
    if (names && names.split(',').every((name) => !name.trim() || name.trim().startsWith('type '))) continue;
    found.push(m[2]);
  }
  return found;
}

describe("the browser's code", () => {
  it('never reaches the validator, the eager answer parser, a server-only module or the platform table', () => {
    const clientFiles = [...sourceFiles('components'), ...sourceFiles('lib'), ...sourceFiles('app')].filter((file) =>
      /^['"]use client['"]/m.test(readFileSync(file, 'utf8')),
    );
    expect(clientFiles.length).toBeGreaterThan(50);
    const offences: string[] = [];
    for (const start of clientFiles) {
      const seen = new Set<string>();
      const walk = (file: string, trail: string[]) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const spec of valueImports(file)) {
          if (FORBIDDEN.some((name) => spec === name || spec.startsWith(`${name}/`))) {
            offences.push([...trail, path.relative(ROOT, file), spec].join(' → '));
            continue;
          }
          const next = resolveLocal(file, spec);
          if (next && FORBIDDEN_LOCAL.includes(path.relative(ROOT, next))) {
            offences.push([...trail, path.relative(ROOT, file), spec].join(' → '));
            continue;
          }
          if (next) walk(next, [...trail, path.relative(ROOT, file)]);
        }
      };
      walk(start, []);
    }
    expect([...new Set(offences)]).toEqual([]);
  });
});
