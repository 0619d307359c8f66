import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as auditLog } from '@/app/api/admin/audit/route';
import { GET as engineUpdate, POST as startUpdate } from '@/app/api/admin/engine-update/route';
import { DELETE as withdrawInvite } from '@/app/api/admin/invites/[id]/route';
import { GET as invites, POST as createInvite } from '@/app/api/admin/invites/route';
import { GET as adminOpenApi } from '@/app/api/admin/openapi.json/route';
import { GET as platforms } from '@/app/api/admin/platforms/route';
import { DELETE as cancelJob } from '@/app/api/admin/queue/[id]/route';
import { GET as queue } from '@/app/api/admin/queue/route';
import { GET as storage } from '@/app/api/admin/storage/route';
import { GET as usage } from '@/app/api/admin/usage/route';
import { DELETE as deleteUser, PATCH as changeRole } from '@/app/api/admin/users/[id]/route';
import { GET as users } from '@/app/api/admin/users/route';
import { GET as me } from '@/app/api/auth/me/route';
import { GET as dictionary } from '@/app/locales/[lng]/[file]/route';
import { POST as issueToken } from '@/app/api/settings/token/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { account, sameOrigin } from './admin.testkit';

type Handler = Parameters<typeof callRoute>[0];

/** Every admin route, each with a call that would be valid for an admin. */
const ROUTES: Array<{ name: string; handler: Handler; url: string; method: string; body?: unknown; params?: object }> = [
  { name: 'users', handler: users as Handler, url: '/api/admin/users?q=a', method: 'GET' },
  { name: 'role', handler: changeRole as Handler, url: '/api/admin/users/usr_x', method: 'PATCH', body: { role: 'disabled' }, params: { id: 'usr_x' } },
  { name: 'delete', handler: deleteUser as Handler, url: '/api/admin/users/usr_x', method: 'DELETE', params: { id: 'usr_x' } },
  { name: 'queue', handler: queue as Handler, url: '/api/admin/queue', method: 'GET' },
  { name: 'cancel', handler: cancelJob as Handler, url: '/api/admin/queue/dl_x', method: 'DELETE', params: { id: 'dl_x' } },
  { name: 'platforms', handler: platforms as Handler, url: '/api/admin/platforms', method: 'GET' },
  { name: 'engine state', handler: engineUpdate as Handler, url: '/api/admin/engine-update', method: 'GET' },
  { name: 'engine update', handler: startUpdate as Handler, url: '/api/admin/engine-update', method: 'POST' },
  { name: 'storage', handler: storage as Handler, url: '/api/admin/storage', method: 'GET' },
  { name: 'usage', handler: usage as Handler, url: '/api/admin/usage?days=7', method: 'GET' },
  { name: 'audit', handler: auditLog as Handler, url: '/api/admin/audit', method: 'GET' },
  { name: 'openapi', handler: adminOpenApi as Handler, url: '/api/admin/openapi.json', method: 'GET' },
  { name: 'invites', handler: invites as Handler, url: '/api/admin/invites', method: 'GET' },
];

describe.each(appStores())('the admin API on $name', ({ open }) => {
  let close: () => Promise<void>;
  beforeEach(async () => {
    close = await open();
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await close();
  });

  it('answers 404 not_found on every route to anonymous callers, members, disabled admins and API tokens', async () => {
    const member = await account('member@example.com');
    const token = (await callRoute(issueToken, '/api/settings/token', { method: 'POST', headers: sameOrigin(member.cookie) })).json.data.token;
    const admin = await account('root@example.com', true);
    const demoted = await account('gone@example.com', true);
    await (await getDb()).run("UPDATE users SET role = 'disabled' WHERE id = ?", [demoted.id]);
    const callers: Record<string, Record<string, string>> = {
      anonymous: {}, member: sameOrigin(member.cookie), token: { authorization: `Bearer ${token}` }, disabled: sameOrigin(demoted.cookie),
      // A forged cookie, and an admin's session from another site: both must learn nothing either.
      forged: { cookie: 'gl_access=not.a.jwt' }, crossSite: { cookie: admin.cookie, origin: 'https://evil.example' },
    };
    for (const [who, headers] of Object.entries(callers)) {
      for (const r of ROUTES) {
        if (who === 'crossSite' && r.method === 'GET') continue;
        const res = await callRoute(r.handler, r.url, { method: r.method, body: r.body, params: r.params, headers });
        expect({ who, route: r.name, status: res.status, code: res.json?.code }).toEqual({ who, route: r.name, status: 404, code: 'not_found' });
      }
    }
    // Nothing happened: no role changed, nothing logged.
    expect(await (await getDb()).get('SELECT COUNT(*) AS n FROM admin_audit')).toMatchObject({ n: 0 });
  });

  it('searches users by address, changes roles (disabled is locked out at once), refuses one’s own, and logs each change', async () => {
    const admin = await account('root@example.com', true);
    const ada = await account('ada@example.com');
    await account('bob@example.com');
    const found = await callRoute(users, '/api/admin/users?q=ADA', { headers: { cookie: admin.cookie } });
    expect(found.status).toBe(200);
    expect(found.json.data).toMatchObject({ total: 1, page: 1, pages: 1, users: [{ id: ada.id, email: 'ada@example.com', role: 'member' }] });
    // Pattern characters are letters in the search box.
    expect((await callRoute(users, '/api/admin/users?q=%25', { headers: { cookie: admin.cookie } })).json.data.total).toBe(0);
    expect((await callRoute(users, '/api/admin/users', { headers: { cookie: admin.cookie } })).json.data.total).toBe(3);

    expect((await callRoute(me, '/api/auth/me', { headers: { cookie: ada.cookie } })).status).toBe(200);
    const disabled = await callRoute(changeRole, `/api/admin/users/${ada.id}`, {
      method: 'PATCH', body: { role: 'disabled' }, params: { id: ada.id }, headers: sameOrigin(admin.cookie),
    });
    expect(disabled.json).toEqual({ success: true, data: { id: ada.id, role: 'disabled' } });
    const locked = await callRoute(me, '/api/auth/me', { headers: { cookie: ada.cookie } });
    expect([locked.status, locked.json.code]).toEqual([403, 'account_disabled']);

    const promote = await callRoute(changeRole, `/api/admin/users/${ada.id}`, {
      method: 'PATCH', body: { role: 'admin' }, params: { id: ada.id }, headers: sameOrigin(admin.cookie),
    });
    expect(promote.status).toBe(200);
    const self = await callRoute(changeRole, `/api/admin/users/${admin.id}`, {
      method: 'PATCH', body: { role: 'member' }, params: { id: admin.id }, headers: sameOrigin(admin.cookie),
    });
    expect([self.status, self.json.code]).toEqual([409, 'conflict']);
    const bad = await callRoute(changeRole, `/api/admin/users/${ada.id}`, {
      method: 'PATCH', body: { role: 'root' }, params: { id: ada.id }, headers: sameOrigin(admin.cookie),
    });
    expect([bad.status, bad.json.code]).toEqual([400, 'invalid_request']);
    const unknown = await callRoute(changeRole, '/api/admin/users/usr_nobody', {
      method: 'PATCH', body: { role: 'member' }, params: { id: 'usr_nobody' }, headers: sameOrigin(admin.cookie),
    });
    expect([unknown.status, unknown.json.code]).toEqual([404, 'not_found']);

    const log = await callRoute(auditLog, '/api/admin/audit', { headers: { cookie: admin.cookie } });
    expect(log.json.data).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(log.json.data.entries).toEqual([
      expect.objectContaining({ actor: 'root@example.com', action: 'user.role', target: ada.id, targetLabel: 'ada@example.com', detail: { from: 'disabled', to: 'admin' } }),
      expect.objectContaining({ actor: 'root@example.com', action: 'user.role', target: ada.id, targetLabel: 'ada@example.com', detail: { from: 'member', to: 'disabled' } }),
    ]);
  });

  it('answers an admin the queue, usage (1 or 7 days only) and storage', async () => {
    const admin = await account('root@example.com', true);
    const get = (handler: Handler, url: string) => callRoute(handler, url, { headers: { cookie: admin.cookie } });
    expect((await get(queue as Handler, '/api/admin/queue')).json).toEqual({ success: true, data: [] });
    const week = (await get(usage as Handler, '/api/admin/usage?days=7')).json.data;
    expect(week).toMatchObject({ days: 7, totals: { downloads: 0, failures: 0, bytes: 0 }, platforms: [], failures: [] });
    expect(week.series).toHaveLength(7);
    expect((await get(usage as Handler, '/api/admin/usage')).json.data.series).toHaveLength(24);
    const wrong = await get(usage as Handler, '/api/admin/usage?days=3');
    expect([wrong.status, wrong.json.code]).toEqual([400, 'invalid_request']);
    const disk = (await get(storage as Handler, '/api/admin/storage')).json.data;
    expect(disk).toMatchObject({ users: [] });
    expect(disk.tempBytes).toBeGreaterThanOrEqual(0);
    const cancel = await callRoute(cancelJob, '/api/admin/queue/dl_none', { method: 'DELETE', params: { id: 'dl_none' }, headers: sameOrigin(admin.cookie) });
    expect([cancel.status, cancel.json.code]).toEqual([404, 'not_found']);
  });

  it('logs invite creation and withdrawal, pages the log, and serves the admin OpenAPI document to admins only', async () => {
    const admin = await account('root@example.com', true);
    const ids: string[] = [];
    for (let n = 0; n < 27; n++) {
      const made = await callRoute(createInvite, '/api/admin/invites', { body: { expiresInHours: 24 }, headers: sameOrigin(admin.cookie) });
      ids.push(made.json.data.id);
    }
    await callRoute(withdrawInvite, `/api/admin/invites/${ids[0]}`, { method: 'DELETE', params: { id: ids[0] }, headers: sameOrigin(admin.cookie) });
    const first = (await callRoute(auditLog, '/api/admin/audit?page=1', { headers: { cookie: admin.cookie } })).json.data;
    expect(first).toMatchObject({ total: 28, pages: 2 });
    expect(first.entries).toHaveLength(25);
    expect(first.entries[0]).toMatchObject({ action: 'invite.revoke', target: ids[0], actor: 'root@example.com' });
    const second = (await callRoute(auditLog, '/api/admin/audit?page=2', { headers: { cookie: admin.cookie } })).json.data;
    expect(second.entries).toHaveLength(3);
    expect(second.entries.every((e: { action: string }) => e.action === 'invite.create')).toBe(true);
    expect((await callRoute(auditLog, '/api/admin/audit?page=0', { headers: { cookie: admin.cookie } })).json.code).toBe('invalid_request');

    const doc = await callRoute(adminOpenApi, '/api/admin/openapi.json', { headers: { cookie: admin.cookie } });
    expect(doc.json.openapi).toBe('3.1.0');
    expect(Object.keys(doc.json.paths)).toEqual(expect.arrayContaining([
      '/api/admin/users', '/api/admin/users/{id}', '/api/admin/queue', '/api/admin/queue/{id}', '/api/admin/platforms',
      '/api/admin/engine-update', '/api/admin/storage', '/api/admin/usage', '/api/admin/audit',
    ]));
  });
});

describe('the public dictionary', () => {
  it('carries none of the admin console’s texts, whole or by namespace', async () => {
    for (const [lng, file] of [['en', 'translation.json'], ['ar', 'translation.json'], ['en', 'admin.json'], ['fr', 'Admin.json']]) {
      const res = await callRoute(dictionary as Handler, `/locales/${lng}/${file}`, { params: { lng, file } });
      if (file === 'translation.json') {
        expect(res.status).toBe(200);
        expect(res.json.Admin).toBeUndefined();
        expect(res.json.Theme).toBeDefined();
      } else {
        expect(res.status).toBe(404);
      }
    }
  });
});
