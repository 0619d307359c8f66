import { afterEach, describe, expect, it } from 'vitest';
import { migrationsBefore, unmigratedStores } from '@/test/db-engines';
import { migrate } from './migrations';

const T0 = 1_800_000_000_000;
const BEFORE = migrationsBefore('0007_roles_invites');

describe.each(unmigratedStores())('roles and invites migration on $name', ({ open }) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('turns every existing account into a member, then enforces the three roles and one account per OIDC identity', async () => {
    const store = await open();
    close = store.close;
    const { db } = store;
    await migrate(db, BEFORE);
    await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['u1', 'a@example.com', 'h', T0]);
    await db.run('INSERT INTO api_tokens (id, user_id, token_hash, prefix, created_at) VALUES (?, ?, ?, ?, ?)', ['k1', 'u1', 'th', 'gl_ab12', T0]);
    expect((await migrate(db)).slice(0, 2)).toEqual(['0007_roles_invites', '0008_token_scopes']);
    // Today's token keeps working: the settings page's token, every scope, no expiry, the account's own limits.
    expect(await db.get('SELECT kind, name, scopes, expires_at, daily_limit, revoked_at FROM api_tokens')).toEqual({
      kind: 'settings', name: 'API token', scopes: 'analyze download bulk history:read', expires_at: null, daily_limit: null, revoked_at: null,
    });
    expect(await db.get('SELECT role, oidc_subject FROM users WHERE id = ?', ['u1'])).toEqual({ role: 'member', oidc_subject: null });

    await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['u2', 'b@example.com', 'h', T0]);
    await expect(db.run('UPDATE users SET role = ? WHERE id = ?', ['root', 'u2'])).rejects.toMatchObject({ details: { reason: 'check' } });
    await db.run('UPDATE users SET role = ?, oidc_subject = ? WHERE id = ?', ['admin', 'https://idp sub-1', 'u2']);
    await expect(db.run('UPDATE users SET oidc_subject = ? WHERE id = ?', ['https://idp sub-1', 'u1'])).rejects.toMatchObject({ code: 'conflict' });
  });

  it('invites: unique hash; the inviter and the invited may go without taking the invite with them', async () => {
    const store = await open();
    close = store.close;
    const { db } = store;
    await migrate(db);
    await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['u1', 'a@example.com', 'h', T0]);
    const insert = 'INSERT INTO invites (id, token_hash, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)';
    await db.run(insert, ['i1', 'hash1', 'u1', T0, T0 + 1000]);
    await expect(db.run(insert, ['i2', 'hash1', 'u1', T0, T0 + 1000])).rejects.toMatchObject({ code: 'conflict' });
    await db.run('DELETE FROM users WHERE id = ?', ['u1']);
    expect(await db.get('SELECT id, created_by, used_at FROM invites')).toEqual({ id: 'i1', created_by: null, used_at: null });
  });
});
