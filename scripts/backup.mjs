// npm run backup — a consistent copy of the SQLite store, taken while Grabline serves.
//   node scripts/backup.mjs [target-file]   (default: $DATA_DIR/backups/grabline-YYYYMMDD-HHMMSS.db)
// SQLite's VACUUM INTO writes one transaction's view of the whole database into a new file: readers and
// writers of the running server go on, and the copy is never half of one write and half of another. The copy
// holds password and token hashes and everyone's history, so it is written 0600 in a 0700 folder.
// With PostgreSQL (DATABASE_URL) use pg_dump instead; this script says so and exits 2.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

if (process.env.DATABASE_URL) {
  console.error('backup: DATABASE_URL is set — back PostgreSQL up with pg_dump, e.g. pg_dump --format=custom "$DATABASE_URL" > grabline.dump');
  process.exit(2);
}
const dataDir = process.env.DATA_DIR || path.join(process.cwd(), 'data');
const source = path.join(dataDir, 'grabline.db');
if (!existsSync(source)) {
  console.error(`backup: no store at ${source}`);
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const target = path.resolve(process.argv[2] || path.join(dataDir, 'backups', `grabline-${stamp}.db`));
if (existsSync(target)) {
  console.error(`backup: ${target} exists already`);
  process.exit(1);
}
mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
const db = new Database(source, { readonly: true, timeout: 5000 });
try {
  db.prepare('VACUUM INTO ?').run(target);
} finally {
  db.close();
}
chmodSync(target, 0o600);
const check = new Database(target, { readonly: true });
const ok = check.pragma('integrity_check', { simple: true });
check.close();
if (ok !== 'ok') {
  console.error(`backup: the copy at ${target} failed its integrity check: ${ok}`);
  process.exit(1);
}
console.log(`backup: ${target}`);
