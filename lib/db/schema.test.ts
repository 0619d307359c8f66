import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dbEngines } from '@/test/db-engines';
import type { Db } from './driver';

const T0 = 1_800_000_000_000;

/** Each table's key shape, defaults, constraints and cascades, through the Db interface, on every engine. */
describe.each(dbEngines())('schema v1 on $name', ({ create }) => {
  let db: Db;
  beforeEach(async () => {
    db = await create();
    await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['u1', 'a@example.com', 'h', T0]);
  });
  afterEach(async () => {
    await db.close();
  });

  it('users: one account per lower-cased email', async () => {
    await expect(
      db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['u2', 'a@example.com', 'h', T0]),
    ).rejects.toMatchObject({ code: 'conflict', details: { reason: 'unique' } });
    await expect(
      db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['u3', 'B@example.com', 'h', T0]),
    ).rejects.toMatchObject({ code: 'internal', details: { reason: 'check' } });
  });

  it('refresh_tokens: unique hash, a family to revoke together, a known user', async () => {
    const insert = 'INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)';
    await db.run(insert, ['r1', 'u1', 'f1', 'hash1', T0 + 1000, T0]);
    await db.run(insert, ['r2', 'u1', 'f1', 'hash2', T0 + 1000, T0]);
    await expect(db.run(insert, ['r3', 'u1', 'f2', 'hash1', T0, T0])).rejects.toMatchObject({ code: 'conflict' });
    await expect(db.run(insert, ['r4', 'nobody', 'f3', 'hash4', T0, T0])).rejects.toMatchObject({
      details: { reason: 'foreign_key' },
    });
    const revoked = await db.run('UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL', [T0, 'f1']);
    expect(revoked).toEqual({ changes: 2 });
    expect(await db.get('SELECT revoked_at, replaced_by FROM refresh_tokens WHERE token_hash = ?', ['hash2'])).toEqual({
      revoked_at: T0,
      replaced_by: null,
    });
  });

  it('api_tokens: found by hash, prefix kept for display, usage stamped', async () => {
    await db.run('INSERT INTO api_tokens (id, user_id, token_hash, prefix, created_at) VALUES (?, ?, ?, ?, ?)', ['k1', 'u1', 'th', 'gl_ab12', T0]);
    await db.run('UPDATE api_tokens SET last_used_at = ? WHERE token_hash = ?', [T0 + 5, 'th']);
    expect(await db.get('SELECT user_id, prefix, last_used_at, revoked_at FROM api_tokens WHERE token_hash = ?', ['th'])).toEqual({
      user_id: 'u1',
      prefix: 'gl_ab12',
      last_used_at: T0 + 5,
      revoked_at: null,
    });
  });

  it("user_settings: 1080p/mp4/30-day defaults, then an upsert", async () => {
    await db.run('INSERT INTO user_settings (user_id, updated_at) VALUES (?, ?)', ['u1', T0]);
    expect(await db.get('SELECT default_quality, default_format, auto_download, history_retention FROM user_settings')).toEqual({
      default_quality: '1080p',
      default_format: 'mp4',
      auto_download: 0,
      history_retention: 30,
    });
    await db.run(
      `INSERT INTO user_settings (user_id, history_retention, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET history_retention = excluded.history_retention, updated_at = excluded.updated_at`,
      ['u1', -1, T0 + 1],
    );
    expect(await db.get('SELECT history_retention, updated_at FROM user_settings')).toEqual({ history_retention: -1, updated_at: T0 + 1 });
  });

  it('rate_counters: one counter per key and period, incremented atomically', async () => {
    const hit = (period: string) =>
      db.get<{ count: number }>(
        `INSERT INTO rate_counters (key, period, count, expires_at) VALUES (?, ?, 1, ?)
         ON CONFLICT (key, period) DO UPDATE SET count = rate_counters.count + 1 RETURNING count`,
        ['token:k1', period, T0],
      );
    expect(await hit('day:2026-11-22')).toEqual({ count: 1 });
    await Promise.all([hit('day:2026-11-22'), hit('day:2026-11-22')]);
    expect(await hit('day:2026-11-22')).toEqual({ count: 4 });
    expect(await hit('month:2026-11')).toEqual({ count: 1 });
  });

  it('history: a page of one user, newest first; only completed or failed', async () => {
    const insert = `INSERT INTO history (id, user_id, title, platform, media_ref, quality, format, status, file_size, downloaded_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    for (let i = 0; i < 3; i += 1) {
      await db.run(insert, [`h${i}`, 'u1', `Clip ${i}`, 'youtube', `youtube:id${i}`, '720p', 'mp4', 'completed', 1000 + i, T0 + i]);
    }
    const page = await db.query('SELECT id FROM history WHERE user_id = ? ORDER BY downloaded_at DESC LIMIT ? OFFSET ?', ['u1', 2, 0]);
    expect(page).toEqual([{ id: 'h2' }, { id: 'h1' }]);
    await expect(db.run(insert, ['h9', 'u1', 'x', 'youtube', null, '720p', 'mp4', 'queued', null, T0])).rejects.toMatchObject({
      details: { reason: 'check' },
    });
    expect(await db.run('DELETE FROM history WHERE user_id = ? AND downloaded_at < ?', ['u1', T0 + 2])).toEqual({ changes: 2 });
  });

  it("batches and jobs: a batch's items in order, JSON text kept, deleted with their batch", async () => {
    await db.run('INSERT INTO batches (id, owner, quality, format, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)', ['b1', null, '1080p', 'mp4', T0, T0 + 3_600_000]);
    const insertJob = `INSERT INTO jobs (id, type, status, progress, payload, owner, batch_id, position, created_at, updated_at, expires_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    const payload = JSON.stringify({ url: 'https://example.com/a?b=1', n: 12345678901234567890n.toString() });
    await db.run(insertJob, ['j2', 'bulk-item', 'pending', 0, payload, 'ip:abc', 'b1', 1, T0, T0, T0 + 10]);
    await db.run(insertJob, ['j1', 'bulk-item', 'pending', 0, payload, 'ip:abc', 'b1', 0, T0, T0, T0 + 10]);
    await db.run(insertJob, ['j3', 'analysis', 'queued', 0, null, null, null, null, T0, T0, T0 + 10]);
    const items = await db.query<{ id: string; payload: string }>('SELECT id, payload FROM jobs WHERE batch_id = ? ORDER BY position', ['b1']);
    expect(items.map((item) => item.id)).toEqual(['j1', 'j2']);
    expect(JSON.parse(items[0].payload)).toEqual(JSON.parse(payload));
    await expect(db.run('UPDATE jobs SET progress = ? WHERE id = ?', [101, 'j3'])).rejects.toMatchObject({ details: { reason: 'check' } });
    await expect(db.run(insertJob, ['j4', 'upload', 'queued', 0, null, null, null, null, T0, T0, T0])).rejects.toMatchObject({
      details: { reason: 'check' },
    });
    await db.run('DELETE FROM batches WHERE id = ?', ['b1']);
    expect(await db.query('SELECT id FROM jobs')).toEqual([{ id: 'j3' }]);
  });

  it('notifications: unread first marked read', async () => {
    await db.run('INSERT INTO notifications (id, user_id, kind, title, body, created_at) VALUES (?, ?, ?, ?, ?, ?)', ['n1', 'u1', 'download_ready', 'Ready', null, T0]);
    expect(await db.run('UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL', [T0 + 1, 'u1'])).toEqual({ changes: 1 });
    expect(await db.get('SELECT read_at FROM notifications WHERE id = ?', ['n1'])).toEqual({ read_at: T0 + 1 });
  });

  it('login_attempts: counted per key, reset when the window has passed', async () => {
    const attempt = (at: number, windowMs: number) =>
      db.get<{ count: number }>(
        `INSERT INTO login_attempts (key, window_start, count) VALUES (?, ?, 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN login_attempts.window_start <= ? THEN 1 ELSE login_attempts.count + 1 END,
           window_start = CASE WHEN login_attempts.window_start <= ? THEN excluded.window_start ELSE login_attempts.window_start END
         RETURNING count`,
        ['email:a@example.com', at, at - windowMs, at - windowMs],
      );
    expect(await attempt(T0, 60_000)).toEqual({ count: 1 });
    expect(await attempt(T0 + 1000, 60_000)).toEqual({ count: 2 });
    expect(await attempt(T0 + 61_000, 60_000)).toEqual({ count: 1 });
  });

  it("deleting a user deletes everything that was theirs", async () => {
    await db.run('INSERT INTO user_settings (user_id, updated_at) VALUES (?, ?)', ['u1', T0]);
    await db.run('INSERT INTO api_tokens (id, user_id, token_hash, prefix, created_at) VALUES (?, ?, ?, ?, ?)', ['k1', 'u1', 'th', 'gl_', T0]);
    await db.run('INSERT INTO notifications (id, user_id, kind, title, created_at) VALUES (?, ?, ?, ?, ?)', ['n1', 'u1', 'k', 't', T0]);
    await db.run('DELETE FROM users WHERE id = ?', ['u1']);
    for (const table of ['user_settings', 'api_tokens', 'notifications']) {
      expect(await db.get(`SELECT COUNT(*) AS n FROM ${table}`)).toEqual({ n: 0 });
    }
  });
});
