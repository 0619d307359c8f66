// Writes the store of a released Grabline with that release's own code, as SQL text (test/upgrade/*.sql), for
// test/upgrade/previous-release.test.ts to open under the code of today:
//   git worktree add /tmp/prev <release commit> && ln -s "$PWD/node_modules" /tmp/prev/node_modules
//   node test/upgrade/make-release-store.mjs /tmp/prev test/upgrade/release-<commit>.sql
//   git worktree remove /tmp/prev
// What it holds: an admin and a member with passwords, history rows, a follow and a webhook (its secret sealed with
// UPGRADE_JWT_SECRET below), written through the release's own functions so the rows are exactly what it wrote.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createJiti } from 'jiti';

export const UPGRADE_JWT_SECRET = 'an-upgrade-test-secret-that-is-long-enough-0123';
const [release, out] = process.argv.slice(2);
if (!release || !out) {
  console.error('usage: node test/upgrade/make-release-store.mjs <release work tree> <out.sql>');
  process.exit(64);
}
const root = path.resolve(release);
const dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-release-store-'));
process.env.DATA_DIR = dataDir;
process.env.JWT_SECRET = UPGRADE_JWT_SECRET;
delete process.env.DATABASE_URL;
const jiti = createJiti(path.join(root, 'package.json'), {
  alias: { '@/': `${root}/`, 'server-only': path.join(root, 'node_modules/server-only/empty.js') },
});
const load = (file) => jiti.import(path.join(root, file));

const { createDb } = await load('lib/db/index.ts');
const { registerUser } = await load('lib/auth/users.ts');
const { insertHistory } = await load('lib/history/history-store.ts');
const { createFollow } = await load('lib/follows/follows-store.ts');
const { followFiltersSchema } = await load('lib/follows/schemas.ts');
const { createWebhook } = await load('lib/webhooks/webhook-store.ts');

const file = path.join(dataDir, 'grabline.db');
const db = await createDb({ sqlitePath: file });
await registerUser(db, 'admin@upgrade.example', 'Upgrade-admin-pass-1');
await registerUser(db, 'member@upgrade.example', 'Upgrade-member-pass-1');
await db.run("UPDATE users SET role = 'admin' WHERE email = ?", ['admin@upgrade.example']);
const member = await db.get('SELECT id FROM users WHERE email = ?', ['member@upgrade.example']);
const at = Date.UTC(2026, 10, 1, 12);
for (const [n, platform] of [[1, 'youtube'], [2, 'tiktok'], [3, 'generic']]) {
  await insertHistory(db, {
    userId: member.id, title: `Upgrade clip ${n}`, thumbnail: null, platform, mediaRef: null, mediaKey: null,
    quality: '720p', format: 'mp4', status: 'completed', fileSize: 1_000_000 * n, downloadedAt: at + n * 60_000,
  });
}
const channel = 'UCupgradeupgradeupgrade1';
await createFollow(db, member.id, {
  platform: 'youtube', channelUrl: `https://www.youtube.com/channel/${channel}`, feedId: channel, name: 'Upgrade Creator',
  mode: 'pick', filters: followFiltersSchema.parse({}),
}, at, 60 * 60_000);
const hook = await createWebhook(db, member.id, { url: 'https://hooks.upgrade.example/grabline', events: ['download.finished', 'follow.new'], format: 'json' });

// The store as SQL: each table's own CREATE statement, then its rows; then indexes and triggers.
const quote = (value) => {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Buffer.isBuffer(value)) return `X'${value.toString('hex')}'`;
  return `'${String(value).replaceAll("'", "''")}'`;
};
const objects = await db.query("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid");
const lines = [
  `-- The store of the release at ${process.env.RELEASE ?? path.basename(root)} (${new Date().toISOString().slice(0, 10)}), written by its own code`,
  '-- (test/upgrade/make-release-store.mjs). JWT_SECRET sealed the webhook secret: see UPGRADE_JWT_SECRET there.',
  `-- webhook ${hook.id}: secret ${hook.secret}`,
];
for (const { type, name, sql } of objects.filter((o) => o.type === 'table')) {
  lines.push(`${sql};`);
  for (const row of await db.query(`SELECT * FROM "${name}"`)) {
    lines.push(`INSERT INTO "${name}" (${Object.keys(row).map((c) => `"${c}"`).join(', ')}) VALUES (${Object.values(row).map(quote).join(', ')});`);
  }
  void type;
}
for (const { sql } of objects.filter((o) => o.type !== 'table')) lines.push(`${sql};`);
await db.close();
writeFileSync(out, `${lines.join('\n')}\n`);
rmSync(dataDir, { recursive: true, force: true });
console.log(`${out}: ${objects.length} tables and indexes, webhook ${hook.id}`);
