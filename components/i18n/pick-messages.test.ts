import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import { CLIENT_NAMESPACES, pickMessages, type ClientArea } from './pick-messages';

const ROOT = process.cwd();

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** A source file a module imports (statically or with `import()`), or null for a package or a JSON file. */
function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('@/') ? spec.slice(2) : spec.startsWith('.') ? path.join(path.dirname(from), spec) : null;
  if (base === null) return null;
  const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (candidate) => existsSync(path.join(ROOT, candidate)) && statSync(path.join(ROOT, candidate)).isFile(),
  );
  return found && !found.endsWith('.json') ? path.normalize(found) : null;
}

/** Every source file an entry reaches through its imports (type-only imports left out). */
function reachedFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const m of text.matchAll(/\bfrom '([^']+)'|\bimport\('([^']+)'\)/g)) {
      const statement = text.slice(Math.max(text.lastIndexOf('import ', m.index), text.lastIndexOf('export ', m.index)));
      const found = m[1] !== undefined && /^(?:import|export) type\b/.test(statement) ? null : resolveImport(file, m[1] ?? m[2]);
      if (found) queue.push(found);
    }
  }
  return seen;
}

/** The dashboard's layout and pages, each with the texts its islands are handed (a page's provider replaces the shell's below it). */
const DASHBOARD: [entry: string, area: ClientArea][] = [
  ['app/[locale]/dashboard/layout.tsx', 'dashboard'],
  ['app/[locale]/dashboard/page.tsx', 'overview'],
  ['app/[locale]/dashboard/history/page.tsx', 'history'],
  ['app/[locale]/dashboard/settings/page.tsx', 'settings'],
  ['app/[locale]/dashboard/api/page.tsx', 'apiDocs'],
];
const dashboardReach = DASHBOARD.map(([entry, area]) => [reachedFrom(entry), area] as const);

/** Which provider's texts a file's hooks read: its folder decides (lib/client's hooks serve the public pages). */
function areasOf(file: string): ClientArea[] {
  // The dashboard's own parts: the areas of the layout and pages that reach them through their imports.
  if (/^components\/(dashboard|webhooks|user-cookies)\//.test(file) || file === 'lib/client/use-clear-history.ts') {
    return dashboardReach.filter(([reached]) => reached.has(file)).map(([, area]) => area);
  }
  if (file.startsWith('components/auth/')) return ['auth'];
  if (file.startsWith('components/admin/')) return ['admin'];
  if (/^components\/(layout|theme|toast)\//.test(file)) return ['shell'];
  // The parts a visitor's action shows on the public pages read the later texts: they render only inside
  // WithLaterMessages (the result card, the bulk list), or wait for them (an analysis's failure line).
  if (/^components\/(bulk|follows|media|presets)\//.test(file) || file === 'lib/client/use-download-job.ts') return ['later'];
  if (file === 'lib/client/error-text.ts') return ['later', 'auth', 'admin', ...dashboardReach.filter(([reached]) => reached.has(file)).map(([, area]) => area)];
  // The analysis hook says a failure only once the later texts are here (it waits for them before showing it).
  if (file === 'lib/client/use-analysis.ts') return ['later'];
  return ['public'];
}

/** What a file of an area may read: its area's texts and the shell's; the later texts come on top of the public ones. */
function givenTo(area: ClientArea): readonly string[] {
  const own = area === 'later' ? [...CLIENT_NAMESPACES.public, ...CLIENT_NAMESPACES.later] : CLIENT_NAMESPACES[area];
  return [...own, ...CLIENT_NAMESPACES.shell];
}

describe('pickMessages', () => {
  const messages = { A: { x: 'ax', y: 'ay' }, B: { z: { deep: 'bz' }, w: 'bw' }, C: 'c' };

  it('keeps whole namespaces and single keys, with their nesting', () => {
    expect(pickMessages(messages, ['A', 'B.z'])).toEqual({ A: { x: 'ax', y: 'ay' }, B: { z: { deep: 'bz' } } });
  });

  it('leaves out what is not asked for or does not exist', () => {
    expect(pickMessages(messages, ['C', 'Missing', 'B.missing'])).toEqual({ C: 'c' });
  });
});

describe('the namespaces handed to the browser', () => {
  it('exist in the catalogue', () => {
    for (const paths of Object.values(CLIENT_NAMESPACES)) {
      for (const p of paths) expect(p.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], en), p).toBeDefined();
    }
  });

  it("cover every namespace a hook reads in the area it renders in (the shell's reach every area)", () => {
    const missing: string[] = [];
    for (const file of [...sourceFiles('components'), ...sourceFiles('lib/client')]) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const [, namespace] of text.matchAll(/useTranslations\('([\w.]+)'\)/g)) {
        for (const area of areasOf(file)) {
          const given = givenTo(area);
          if (given.some((p) => namespace === p || namespace.startsWith(`${p}.`))) continue;
          // Only some keys of the namespace are handed over: each key the file reads must be one of them.
          const keys = [...text.matchAll(/\bt(?:\.rich)?\('([\w.]+)'/g)].map((m) => `${namespace}.${m[1]}`);
          const uncovered = keys.filter((key) => !given.some((p) => key === p || key.startsWith(`${p}.`)));
          if (keys.length === 0 || uncovered.length > 0) missing.push(`${file}: ${uncovered.join(', ') || namespace} (${area})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('cover every namespace a hook reads on each dashboard page, followed through its imports', () => {
    const missing: string[] = [];
    for (const [reached, area] of dashboardReach) {
      for (const file of reached) {
        const text = readFileSync(path.join(ROOT, file), 'utf8');
        for (const [, namespace] of text.matchAll(/useTranslations\('([\w.]+)'\)/g)) {
          if (!givenTo(area).some((p) => namespace === p || namespace.startsWith(`${p}.`))) missing.push(`${file}: ${namespace} (${area})`);
        }
      }
    }
    expect(dashboardReach.every(([reached]) => reached.size > 10)).toBe(true);
    expect(missing).toEqual([]);
  });
});
