import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETE as remove, GET as readOne, PATCH as patch } from '@/app/api/webhooks/[id]/route';
import { POST as sendTest } from '@/app/api/webhooks/[id]/test/route';
import { GET as list, POST as create } from '@/app/api/webhooks/route';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as register } from '@/app/api/auth/register/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { allowOrigins } from '@/lib/net/loopback-server.testkit';
import { services } from '@/lib/server';
import { PATCH as changeRole } from '@/app/api/admin/users/[id]/route';
import { listDeliveries } from '@/lib/webhooks/delivery-store';
import { account, sameOrigin } from './admin.testkit';
import { startReceiver, until, verifySignature } from './webhooks.testkit';

const password = 'correct horse battery';
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

async function signUp(email: string): Promise<{ cookie: string; id: string }> {
  await callRoute(register, '/api/auth/register', { body: { email, password } });
  const token = (await callRoute(login, '/api/auth/login', { body: { email, password } })).json.data.accessToken;
  const row = await (await getDb()).get<{ id: string }>('SELECT id FROM users WHERE email = ?', [email]);
  return { cookie: `gl_access=${token}`, id: row!.id };
}

const failedDownload = (owner: string) => ({
  owner, status: 'failed' as const, message: 'The site did not answer',
  request: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', quality: '720p', format: 'mp4' },
});

describe.each(appStores())('webhooks on $name', ({ open }) => {
  let close: () => Promise<void>;
  let receivers: Receiver[] = [];
  let ada: { cookie: string; id: string };
  let bob: { cookie: string; id: string };
  const receiver = async (statuses?: number[]) => {
    const made = await startReceiver(statuses);
    receivers.push(made);
    allowOrigins(...receivers.map((r) => r.hostPort));
    return made;
  };
  const make = (as: { cookie: string }, body: object) => callRoute(create, '/api/webhooks', { body, headers: { cookie: as.cookie } });
  const one = (as: { cookie: string }, id: string) => callRoute(readOne, `/api/webhooks/${id}`, { headers: { cookie: as.cookie }, params: { id } });
  const settled = (as: { cookie: string }, id: string, count = 1) => until(
    async () => (await one(as, id)).json.data.deliveries as { id: string; status: string }[],
    (deliveries) => deliveries.length >= count && deliveries.every((d) => d.status === 'delivered' || d.status === 'failed'),
  );

  beforeEach(async () => {
    close = await open();
    process.env.WEBHOOK_RETRY_DELAYS_MS = '40,80,160,320';
    ada = await signUp('ada@example.com');
    bob = await signUp('bob@example.com');
  });
  afterEach(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    receivers = [];
    delete process.env.WEBHOOK_RETRY_DELAYS_MS;
    delete process.env.MEDIA_FETCH_ALLOW;
    delete process.env.SITE_URL;
    await close();
  });

  it('shows the secret once, stores it sealed, and signs a delivery a receiver can verify (a tampered body fails)', async () => {
    const site = await receiver();
    const made = await make(ada, { url: `${site.origin}/hook`, events: ['download.finished'] });
    expect(made.status).toBe(201);
    const { id, secret } = made.json.data;
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    const stored = await (await getDb()).get<{ secret_box: string }>('SELECT secret_box FROM webhooks WHERE id = ?', [id]);
    expect(stored!.secret_box).not.toContain(secret.slice(6));
    const listed = await callRoute(list, '/api/webhooks', { headers: { cookie: ada.cookie } });
    expect(JSON.stringify(listed.json.data)).not.toContain(secret);
    expect(listed.json.data[0]).toMatchObject({ id, format: 'json', events: ['download.finished'], enabled: true, deliveries: [] });

    await services().events.emit('download.finished', failedDownload(ada.id));
    const [delivery] = await settled(ada, id);
    expect(delivery).toMatchObject({ event: 'download.finished', status: 'delivered', attempts: 1, httpStatus: 200, errorCode: null });
    expect(site.received).toHaveLength(1);
    const [got] = site.received;
    expect(got.headers['grabline-event']).toBe('download.finished');
    expect(got.headers['grabline-delivery']).toBe(delivery.id);
    expect(got.headers['content-type']).toBe('application/json');
    expect(verifySignature(secret, got.headers['grabline-signature'] as string, got.body)).toBe(true);
    expect(verifySignature(secret, got.headers['grabline-signature'] as string, got.body.replace('720p', '1080p'))).toBe(false);
    expect(verifySignature('whsec_another', got.headers['grabline-signature'] as string, got.body)).toBe(false);
    const body = JSON.parse(got.body);
    expect(Object.keys(body).sort()).toEqual(['data', 'event', 'id', 'time']);
    expect(body).toMatchObject({ event: 'download.finished', id: delivery.id, data: { status: 'failed', quality: '720p', error: 'The site did not answer' } });
    expect(got.body).not.toContain(ada.id);
    expect(got.body).not.toContain(secret);
  });

  it('retries a 500 after the first wait and then counts the 2xx as delivered', async () => {
    const site = await receiver([500, 204]);
    const { id } = (await make(ada, { url: `${site.origin}/flaky`, events: ['batch.finished'] })).json.data;
    await services().events.emit('bulk.finished', { owner: ada.id, batchId: 'bat_x', ready: 2, total: 3 });
    const [delivery] = await settled(ada, id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, httpStatus: 204 });
    expect(site.received).toHaveLength(2);
    expect(site.received[1].at - site.received[0].at).toBeGreaterThanOrEqual(35);
    expect(site.received[1].body).toBe(site.received[0].body);
  });

  it('backs off longer before each attempt and gives up after the last one', async () => {
    const site = await receiver([500]);
    const { id } = (await make(ada, { url: `${site.origin}/down`, events: ['download.finished'] })).json.data;
    await services().events.emit('download.finished', failedDownload(ada.id));
    const [delivery] = await settled(ada, id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 5, httpStatus: 500 });
    const gaps = site.received.slice(1).map((r, i) => r.at - site.received[i].at);
    expect(gaps).toHaveLength(4);
    [40, 80, 160, 320].forEach((wait, i) => expect(gaps[i]).toBeGreaterThanOrEqual(wait - 5));
    expect(gaps[3]).toBeGreaterThan(gaps[0]);
  });

  it('refuses a private address at save time, and again at delivery once the allow-list is gone', async () => {
    const site = await receiver();
    allowOrigins();
    const refused = await make(ada, { url: `${site.origin}/hook`, events: ['download.finished'] });
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('private_address');
    expect((await make(ada, { url: 'http://169.254.169.254/latest', events: ['follow.new'] })).json.code).toBe('private_address');

    allowOrigins(site.hostPort);
    const { id } = (await make(ada, { url: `${site.origin}/hook`, events: ['download.finished'] })).json.data;
    allowOrigins();
    const queued = await callRoute(sendTest, `/api/webhooks/${id}/test`, { method: 'POST', headers: { cookie: ada.cookie }, params: { id } });
    expect(queued.status).toBe(202);
    const [delivery] = await settled(ada, id);
    expect(delivery).toMatchObject({ event: 'webhook.test', status: 'failed', attempts: 1, httpStatus: null, errorCode: 'private_address' });
    expect(site.received).toHaveLength(0);
  });

  it('limits "Send test" per user to 5 a minute and 20 an hour: 429 rate_limited, nothing sent past the limit', async () => {
    // The clock at the start of an hour, so the hour cannot roll over inside the test; the session is minted at it.
    const start = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 1_000;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      const site = await receiver();
      const carol = await signUp('carol@example.com');
      const { id } = (await make(carol, { url: `${site.origin}/t`, events: ['follow.new'] })).json.data;
      const send = (who: { cookie: string }, hook = id) =>
        callRoute(sendTest, `/api/webhooks/${hook}/test`, { method: 'POST', headers: { cookie: who.cookie }, params: { id: hook } });
      for (let i = 0; i < 5; i++) expect((await send(carol)).status).toBe(202);
      // Each minute's deliveries are settled before the clock moves on (an attempt times itself by the clock).
      await settled(carol, id, 5);
      const refused = await send(carol);
      expect([refused.status, refused.json.code]).toEqual([429, 'rate_limited']);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      // Someone else's limit is their own.
      const dave = await signUp('dave@example.com');
      const other = await receiver();
      const daves = (await make(dave, { url: `${other.origin}/d`, events: ['follow.new'] })).json.data;
      expect((await send(dave, daves.id)).status).toBe(202);
      // The next minutes allow five more each, up to twenty in the hour.
      for (let minute = 1; minute <= 3; minute++) {
        vi.setSystemTime(start + minute * 60_000);
        for (let i = 0; i < 5; i++) expect((await send(carol)).status).toBe(202);
        await settled(carol, id, 5 * (minute + 1));
      }
      vi.setSystemTime(start + 4 * 60_000);
      const hourly = await send(carol);
      expect([hourly.status, hourly.json.code]).toEqual([429, 'rate_limited']);
      expect(Number(hourly.headers.get('retry-after'))).toBeGreaterThan(60);
      expect(await settled(carol, id, 20)).toHaveLength(20);
      expect(site.received).toHaveLength(20);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never follows a redirect: the 3xx is the answer, and the place it pointed to gets nothing', async () => {
    const site = await receiver([307]);
    const { id } = (await make(ada, { url: `${site.origin}/moved`, events: ['follow.new'] })).json.data;
    await callRoute(sendTest, `/api/webhooks/${id}/test`, { method: 'POST', headers: { cookie: ada.cookie }, params: { id } });
    const [delivery] = await settled(ada, id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, httpStatus: 307 });
    expect(site.received.map((r) => r.path)).toEqual(['/moved']);
  });

  it('sends ntfy a text message with Title, Tags and Click, and Discord {content, embeds}, both still signed', async () => {
    process.env.SITE_URL = 'https://grabline.example';
    const ntfy = await receiver();
    const discord = await receiver();
    const n = (await make(ada, { url: `${ntfy.origin}/my-topic`, events: ['batch.finished'], format: 'ntfy' })).json.data;
    const d = (await make(ada, { url: `${discord.origin}/api/webhooks/1/abc`, events: ['follow.new'], format: 'discord' })).json.data;
    await services().events.emit('bulk.finished', { owner: ada.id, batchId: 'bat_y', ready: 1, total: 2 });
    await services().events.emit('follow.new', {
      userId: ada.id, followId: 'fol_1', creator: 'Fixture Creator', platform: 'youtube',
      uploads: [{ mediaId: 'v1', title: 'First upload @everyone', url: 'https://www.youtube.com/watch?v=v1' }, { mediaId: 'v2', title: 'Second upload', url: 'https://www.youtube.com/watch?v=v2' }],
    });
    await settled(ada, n.id);
    await settled(ada, d.id);

    const [text] = ntfy.received;
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.headers).toMatchObject({ title: 'Bulk download complete', tags: 'package,grabline', click: 'https://grabline.example/bulk' });
    expect(text.body).toBe('1 of 2 files ready');
    expect(verifySignature(n.secret, text.headers['grabline-signature'] as string, text.body)).toBe(true);

    const [message] = discord.received;
    const body = JSON.parse(message.body);
    expect(body.content).toBe('New uploads from a creator you follow (2)');
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.embeds).toHaveLength(1);
    expect(body.embeds[0]).toMatchObject({ title: 'New uploads from a creator you follow (2)', url: 'https://grabline.example/dashboard', footer: { text: 'Grabline · follow.new' } });
    expect(body.embeds[0].description).toBe('Fixture Creator\n• First upload @everyone\n• Second upload');
    expect(verifySignature(d.secret, message.headers['grabline-signature'] as string, message.body)).toBe(true);
  });

  it("keeps users apart: B never sees, changes or tests A's webhooks, and never gets A's events", async () => {
    const adaSite = await receiver();
    const bobSite = await receiver();
    const { id } = (await make(ada, { url: `${adaSite.origin}/a`, events: ['download.finished'] })).json.data;
    const bobs = (await make(bob, { url: `${bobSite.origin}/b`, events: ['download.finished', 'batch.finished', 'follow.new'] })).json.data;
    await services().events.emit('download.finished', failedDownload(ada.id));
    await settled(ada, id);
    expect(bobSite.received).toHaveLength(0);
    expect((await one(bob, bobs.id)).json.data.deliveries).toEqual([]);

    const bobList = (await callRoute(list, '/api/webhooks', { headers: { cookie: bob.cookie } })).json.data;
    expect(bobList.map((w: { id: string }) => w.id)).toEqual([bobs.id]);
    const as = { headers: { cookie: bob.cookie }, params: { id } };
    expect((await callRoute(readOne, `/api/webhooks/${id}`, as)).status).toBe(404);
    expect((await callRoute(patch, `/api/webhooks/${id}`, { ...as, method: 'PATCH', body: { enabled: false } })).status).toBe(404);
    expect((await callRoute(sendTest, `/api/webhooks/${id}/test`, { ...as, method: 'POST' })).status).toBe(404);
    expect((await callRoute(remove, `/api/webhooks/${id}`, { ...as, method: 'DELETE' })).status).toBe(404);
    expect((await one(ada, id)).json.data.deliveries).toHaveLength(1);
  });

  it('a disabled webhook gets nothing; a deleted one is gone with its deliveries', async () => {
    const site = await receiver();
    const { id } = (await make(ada, { url: `${site.origin}/h`, events: ['download.finished'] })).json.data;
    const off = await callRoute(patch, `/api/webhooks/${id}`, { method: 'PATCH', body: { enabled: false }, headers: { cookie: ada.cookie }, params: { id } });
    expect(off.json.data.enabled).toBe(false);
    await services().events.emit('download.finished', failedDownload(ada.id));
    expect((await one(ada, id)).json.data.deliveries).toEqual([]);
    expect((await callRoute(remove, `/api/webhooks/${id}`, { method: 'DELETE', headers: { cookie: ada.cookie }, params: { id } })).status).toBe(200);
    expect((await one(ada, id)).status).toBe(404);
    expect(site.received).toHaveLength(0);
  });

  it("stops a disabled account's webhooks at once: a queued retry is not sent, and no new delivery is made", async () => {
    process.env.WEBHOOK_RETRY_DELAYS_MS = '400';
    const site = await receiver([500, 200]);
    const { id } = (await make(ada, { url: `${site.origin}/h`, events: ['download.finished'] })).json.data;
    await services().events.emit('download.finished', failedDownload(ada.id));
    const db = await getDb();
    const [first] = await until(() => listDeliveries(db, id), (list) => list[0]?.status === 'retrying');
    // Disabled while its retry waits: when the retry comes due, it finds the owner disabled and gives up.
    await db.run("UPDATE users SET role = 'disabled' WHERE id = ?", [ada.id]);
    const ended = await until(async () => (await listDeliveries(db, id)).find((d) => d.id === first.id), (row) => row?.status !== 'retrying', 5_000);
    expect(ended).toMatchObject({ status: 'failed', attempts: 1, errorCode: 'account_disabled' });
    expect(site.received).toHaveLength(1);
    await services().events.emit('download.finished', failedDownload(ada.id));
    expect(await listDeliveries(db, id)).toHaveLength(1);
    expect(site.received).toHaveLength(1);
  });

  it("disabling an account gives up its deliveries still waiting, and the admin's change is what does it", async () => {
    process.env.WEBHOOK_RETRY_DELAYS_MS = '600000';
    const site = await receiver([500]);
    const { id } = (await make(bob, { url: `${site.origin}/b`, events: ['batch.finished'] })).json.data;
    await services().events.emit('bulk.finished', { owner: bob.id, batchId: 'bat_z', ready: 1, total: 1 });
    const db = await getDb();
    const [waiting] = await until(() => listDeliveries(db, id), (list) => list[0]?.status === 'retrying');
    const admin = await account('root@example.com', true);
    const changed = await callRoute(changeRole, `/api/admin/users/${bob.id}`, {
      method: 'PATCH', body: { role: 'disabled' }, headers: sameOrigin(admin.cookie), params: { id: bob.id },
    });
    expect(changed.status).toBe(200);
    expect((await listDeliveries(db, id)).find((d) => d.id === waiting.id)).toMatchObject({ status: 'failed', errorCode: 'account_disabled' });
  });

  it('answers what cannot be saved with a stable code, never a 500', async () => {
    const site = await receiver();
    const cases: [object, number, string][] = [
      [{ url: 'ftp://example.com/x', events: ['download.finished'] }, 400, 'invalid_request'],
      [{ url: `${site.origin}/x`, events: [] }, 400, 'invalid_request'],
      [{ url: `${site.origin}/x`, events: ['download.started'] }, 400, 'invalid_request'],
      [{ url: `${site.origin}/x`, events: ['follow.new'], format: 'slack' }, 400, 'invalid_request'],
      [{ url: 'not a url', events: ['follow.new'] }, 400, 'invalid_request'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await make(ada, body);
      expect([answer.status, answer.json.code], JSON.stringify(body)).toEqual([status, code]);
    }
    for (let i = 0; i < 10; i++) expect((await make(ada, { url: `${site.origin}/${i}`, events: ['follow.new'] })).status).toBe(201);
    const over = await make(ada, { url: `${site.origin}/11`, events: ['follow.new'] });
    expect([over.status, over.json.code]).toEqual([409, 'webhook_limit']);
    expect((await callRoute(list, '/api/webhooks')).status).toBe(401);
    const malformed = await callRoute(readOne, '/api/webhooks/nope', { headers: { cookie: ada.cookie }, params: { id: 'nope' } });
    expect(malformed.status).toBe(404);
  });
});
