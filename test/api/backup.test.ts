import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '@/lib/db';

const run = promisify(execFile);
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-backup-'));
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = '';
});
afterAll(async () => {
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it('copies the store whole and consistent while it is being written, readable only by its owner', async () => {
    const db = await getDb();
    const insert = (i: number) => db.run('INSERT INTO rate_counters (key, period, count, expires_at) VALUES (?, ?, ?, ?)', [`k${i}`, 'p', i, 9e12]);
    for (let i = 0; i < 200; i++) await insert(i);
    // The server keeps writing while the copy is taken.
    let writing = true;
    let written = 200;
    const writer = (async () => {
      // Each write yields to the event loop, so the child process's exit is still heard.
      while (writing) {
        await insert(written++);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const target = path.join(dataDir, 'out', 'copy.db');
    const { stdout } = await run(process.execPath, ['scripts/backup.mjs', target], { env: { ...process.env, DATA_DIR: dataDir } });
    writing = false;
    await writer;
    expect(stdout).toContain(target);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    const copy = new Database(target, { readonly: true });
    const { n } = copy.prepare('SELECT COUNT(*) AS n FROM rate_counters').get() as { n: number };
    const users = copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'users'").get();
    copy.close();
    expect(n).toBeGreaterThanOrEqual(200);
    expect(n).toBeLessThanOrEqual(written);
    expect(users).toBeDefined();
  });

  it('points PostgreSQL stores to pg_dump', async () => {
    const failed = await run(process.execPath, ['scripts/backup.mjs'], { env: { ...process.env, DATABASE_URL: 'postgres://x@127.0.0.1/db' } })
      .catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain('pg_dump');
  });
});
