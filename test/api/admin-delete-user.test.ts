import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as auditLog } from '@/app/api/admin/audit/route';
import { DELETE as deleteUser } from '@/app/api/admin/users/[id]/route';
import { POST as createInvite } from '@/app/api/admin/invites/route';
import { POST as issueToken } from '@/app/api/settings/token/route';
import { userTables } from '@/lib/admin/users';
import { recordTempFile } from '@/lib/admin/storage';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb, type Db } from '@/lib/db';
import { account, sameOrigin } from './admin.testkit';

const T = Date.now();

/** Gives the user a row in every table that holds per-user data (each through the columns those tables have). */
async function fillEverything(db: Db, userId: string, tag: string): Promise<void> {
  await db.run(
    `INSERT INTO history (id, user_id, title, platform, quality, format, status, downloaded_at) VALUES (?, ?, 'Clip', 'youtube', '720p', 'mp4', 'completed', ?)`,
    [`his_${tag}`, userId, T],
  );
  await db.run("INSERT INTO notifications (id, user_id, kind, title, created_at) VALUES (?, ?, 'batch', 'Done', ?)", [`ntf_${tag}`, userId, T]);
  await db.run('INSERT INTO user_settings (user_id, updated_at) VALUES (?, ?)', [userId, T]);
  await db.run("INSERT INTO batches (id, owner, quality, format, created_at, expires_at) VALUES (?, ?, '720p', 'mp4', ?, ?)", [`bat_${tag}`, userId, T, T + 60_000]);
  await db.run(
    "INSERT INTO jobs (id, type, status, owner, batch_id, position, created_at, updated_at, expires_at) VALUES (?, 'bulk-item', 'completed', NULL, ?, 0, ?, ?, ?)",
    [`itm_${tag}`, `bat_${tag}`, T, T, T + 60_000],
  );
  await db.run(
    "INSERT INTO jobs (id, type, status, owner, created_at, updated_at, expires_at) VALUES (?, 'download', 'ready', ?, ?, ?, ?)",
    [`dl_${tag}`, userId, T, T, T + 60_000],
  );
  await recordTempFile(db, { jobId: `dl_${tag}`, owner: userId, bytes: 1234, expiresAt: T + 60_000 });
  await db.run(
    "INSERT INTO follows (id, user_id, platform, channel_url, name, jitter_ms, next_check_at, created_at) VALUES (?, ?, 'youtube', ?, 'Creator', 0, ?, ?)",
    [`fol_${tag}`, userId, `https://www.youtube.com/channel/UC${tag}`, T, T],
  );
  await db.run(
    "INSERT INTO presets (id, user_id, name, name_key, quality, format, audio_bitrate, embed_metadata, exact, position, created_at, updated_at) VALUES (?, ?, 'Mine', 'mine', '720p', 'mp4', '320k', 1, 0, 0, ?, ?)",
    [`pre_${tag}`, userId, T, T],
  );
  await db.run('INSERT INTO preset_owners (user_id, starters_given_at, default_preset_id) VALUES (?, ?, ?)', [userId, T, `pre_${tag}`]);
  await db.run(
    "INSERT INTO user_cookies (user_id, platform, ciphertext, iv, tag, added_at, cookie_count) VALUES (?, 'youtube', 'c', 'i', 't', ?, 1)",
    [userId, T],
  );
  await db.run(
    "INSERT INTO webhooks (id, user_id, url, events, format, secret_box, created_at) VALUES (?, ?, 'https://hooks.example.com/x', 'download.finished', 'json', 'box', ?)",
    [`whk_${tag}`, userId, T],
  );
  await db.run('INSERT INTO user_limits (user_id, concurrent_jobs, daily_bytes, updated_at) VALUES (?, 3, NULL, ?)', [userId, T]);
  await db.run("INSERT INTO library_settings (user_id, template, layout, updated_at) VALUES (?, '%(title)s', 'plain', ?)", [userId, T]);
  await db.run(
    "INSERT INTO library_entries (id, user_id, follow_id, media_id, platform, rel_path, size, mime, title, created_at) VALUES (?, ?, ?, 'm1', 'youtube', ?, 1, 'video/mp4', 'Clip', ?)",
    [`lib_${tag}`, userId, `fol_${tag}`, `${userId}/Clip.mp4`, T],
  );
  await db.run("INSERT INTO download_windows (user_id, spec, time_zone, updated_at) VALUES (?, 'Mon-Fri 01:00-06:00', 'UTC', ?)", [userId, T]);
  await db.run("INSERT INTO user_sponsorblock (user_id, mark, remove, updated_at) VALUES (?, 'sponsor', '', ?)", [userId, T]);
  await db.run("INSERT INTO podcast_feeds (follow_id, token_hash, media, created_at, updated_at) VALUES (?, ?, 'audio', ?, ?)", [`fol_${tag}`, `hash_${tag}`, T, T]);
}

/** Rows of `userId` left anywhere: every table with a user_id column (from the catalogue), and owned batches and jobs. */
async function rowsOf(db: Db, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await userTables(db)) {
    counts[table] = Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`, [userId]))!.n);
  }
  counts.batches = Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM batches WHERE owner = ?', [userId]))!.n);
  counts.jobs = Number((await db.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM jobs j LEFT JOIN batches b ON b.id = j.batch_id WHERE j.owner = ? OR b.owner = ?', [userId, userId],
  ))!.n);
  counts.users = Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM users WHERE id = ?', [userId]))!.n);
  return counts;
}

describe.each(appStores())('deleting a user on $name', ({ open }) => {
  let close: () => Promise<void>;
  beforeEach(async () => {
    close = await open();
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await close();
  });

  it('removes every row of the user and nobody else’s, keeps the invites they used without them, and logs it', async () => {
    const admin = await account('root@example.com', true);
    vi.stubEnv('REGISTRATION', 'invite');
    const invite = (await callRoute(createInvite, '/api/admin/invites', { body: { expiresInHours: 24 }, headers: sameOrigin(admin.cookie) })).json.data;
    vi.stubEnv('REGISTRATION', 'open');
    const ada = await account('ada@example.com');
    const bob = await account('bob@example.com');
    const db = await getDb();
    await db.run('UPDATE invites SET used_by = ?, used_at = ? WHERE id = ?', [ada.id, T, invite.id]);
    for (const [who, tag] of [[ada, 'a'], [bob, 'b']] as const) {
      await callRoute(issueToken, '/api/settings/token', { method: 'POST', headers: sameOrigin(who.cookie) });
      await fillEverything(db, who.id, tag);
    }
    // Every per-user table the schema has is covered: the sessions, tokens, settings, history, bell and files.
    expect(await userTables(db)).toEqual(expect.arrayContaining(['api_tokens', 'history', 'notifications', 'refresh_tokens', 'temp_files', 'user_settings']));
    const before = await rowsOf(db, ada.id);
    for (const [table, n] of Object.entries(before)) expect({ table, some: n > 0 }).toEqual({ table, some: true });
    const bobBefore = await rowsOf(db, bob.id);

    const res = await callRoute(deleteUser, `/api/admin/users/${ada.id}`, { method: 'DELETE', params: { id: ada.id }, headers: sameOrigin(admin.cookie) });
    expect(res.json).toEqual({ success: true, data: null });
    const after = await rowsOf(db, ada.id);
    expect(Object.values(after).every((n) => n === 0)).toBe(true);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(await rowsOf(db, bob.id)).toEqual(bobBefore);
    expect(await db.get('SELECT used_by, used_at FROM invites WHERE id = ?', [invite.id])).toEqual({ used_by: null, used_at: T });

    const again = await callRoute(deleteUser, `/api/admin/users/${ada.id}`, { method: 'DELETE', params: { id: ada.id }, headers: sameOrigin(admin.cookie) });
    expect([again.status, again.json.code]).toEqual([404, 'not_found']);
    const self = await callRoute(deleteUser, `/api/admin/users/${admin.id}`, { method: 'DELETE', params: { id: admin.id }, headers: sameOrigin(admin.cookie) });
    expect([self.status, self.json.code]).toEqual([409, 'conflict']);
    const log = (await callRoute(auditLog, '/api/admin/audit', { headers: { cookie: admin.cookie } })).json.data.entries;
    expect(log[0]).toMatchObject({ action: 'user.delete', actor: 'root@example.com', target: ada.id, targetLabel: 'ada@example.com' });
  });
});
