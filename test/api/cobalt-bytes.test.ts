import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db';
import { ownerBytesToday } from '@/lib/limits/bytes';
import { fetchLink, send, startCobaltEnv } from './cobalt.testkit';
import { bodyOf } from './download.testkit';

// A cobalt tunnel's bytes count against the owner whose token asked for it (signed into the link), whoever fetches
// it; past the owner's day, the tunnel starts no body and the cobalt API answers cobalt's rate error.
let cobaltEnv: Awaited<ReturnType<typeof startCobaltEnv>>;
beforeAll(async () => {
  cobaltEnv = await startCobaltEnv();
}, 120_000);
afterAll(() => cobaltEnv?.close());
afterEach(() => {
  delete process.env.USER_DAILY_BYTES;
});

describe('daily bytes of cobalt tunnels', () => {
  it("counts a tunnel's bytes against the token's owner, then refuses the tunnel and the API past the limit", async () => {
    const bot = (await (await getDb()).get<{ id: string }>('SELECT id FROM users WHERE email = ?', ['bot@example.com']))!.id;
    process.env.USER_DAILY_BYTES = '1000';
    const res = await send(cobaltEnv.recorded('ios-shortcut'));
    expect(res.json.status).toBe('tunnel');
    const link = new URL(res.json.url);
    expect(link.searchParams.get('own')).toBe(`user:${bot}`);

    // the owner in a link is signed: another one makes it a dead link
    const forged = new URL(link);
    forged.searchParams.set('own', 'user:someone-else');
    expect((await fetchLink(forged.href)).status).toBe(404);

    const body = await bodyOf(await fetchLink(link.href));
    expect(body.length).toBeGreaterThan(1000);
    expect((await ownerBytesToday(await getDb(), `user:${bot}`)).used).toBe(body.length);

    const again = await fetchLink(link.href);
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ code: 'daily_bytes_exceeded', details: { retryAt: expect.any(String) } });
    const refused = await send(cobaltEnv.recorded('ios-shortcut'));
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ status: 'error', error: { code: 'error.api.rate_exceeded' } });
  }, 120_000);
});
