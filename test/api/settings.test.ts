import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GET as defaults } from '@/app/api/settings/defaults/route';
import { GET as getSettings, PATCH as patchSettings } from '@/app/api/settings/route';
import { POST as issueToken } from '@/app/api/settings/token/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { deliveryDefaults } from '@/lib/settings/download-defaults';
import { signUp } from './history.testkit';

describe.each(appStores())('settings API on $name', ({ open }) => {
  let close: () => Promise<void>;
  let ada: { cookie: string; userId: string };
  beforeEach(async () => {
    close = await open();
    ada = await signUp('ada@example.com');
  });
  afterEach(async () => close());

  const read = () => callRoute(getSettings, '/api/settings', { headers: { cookie: ada.cookie } });
  const patch = (body: unknown) => callRoute(patchSettings, '/api/settings', { method: 'PATCH', body, headers: { cookie: ada.cookie } });

  it('starts with 1080p/mp4 defaults, no token and no usage', async () => {
    const res = await read();
    expect(res.json).toEqual({
      success: true,
      data: {
        _id: ada.userId,
        defaultQuality: '1080p',
        defaultFormat: 'mp4',
        autoDownload: false,
        historyRetention: 30,
        embedMetadata: true,
        loudness: 'off',
        apiToken: '',
        apiUsage: { requestsToday: 0, requestsThisMonth: 0, dailyLimit: 100, monthlyLimit: 1000 },
      },
    });
  });

  it('saves each preference on its own without undoing the others', async () => {
    expect((await patch({ defaultQuality: '2160p' })).json.data.defaultQuality).toBe('2160p');
    await patch({ defaultFormat: 'wav' });
    await patch({ autoDownload: true });
    await patch({ historyRetention: -1 });
    expect((await read()).json.data).toMatchObject({ defaultQuality: '2160p', defaultFormat: 'wav', autoDownload: true, historyRetention: -1 });
  });

  it.each([
    [{ defaultQuality: '480p' }, /defaultQuality must be one of 360p, 720p, 1080p, 1440p, 2160p/],
    [{ defaultFormat: 'mkv' }, /defaultFormat must be one of mp4, webm, mp3, wav/],
    [{ historyRetention: 14 }, /historyRetention must be one of 7, 30, 90, 365, -1/],
    [{ autoDownload: 'yes' }, /autoDownload/],
    [{}, /at least one setting/],
    [{ apiToken: 'gl_mine' }, /apiToken|Unrecognized/i],
  ])('refuses %j with a 400 that says why', async (body, message) => {
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('invalid_request');
    expect(res.json.error).toMatch(message);
    expect((await read()).json.data.defaultQuality).toBe('1080p');
  });

  it('shows the token’s prefix and an ellipsis, never the token', async () => {
    const { token, prefix } = (await callRoute(issueToken, '/api/settings/token', { method: 'POST', headers: { cookie: ada.cookie } })).json.data;
    const shown = (await read()).json.data.apiToken;
    expect(shown).toBe(`${prefix}…`);
    expect(shown.startsWith('gl_')).toBe(true);
    expect(shown).not.toContain(token.slice(prefix.length));
  });

  it('answers the download defaults: the user’s when signed in, 1080p/mp4 when not', async () => {
    const spec = { defaultQuality: '1080p', defaultFormat: 'mp4', autoDownload: false, loudness: 'off', saved: false };
    expect((await callRoute(defaults, '/api/settings/defaults')).json.data).toEqual(spec);
    await patch({ defaultQuality: '720p', defaultFormat: 'mp3' });
    const mine = await callRoute(defaults, '/api/settings/defaults', { headers: { cookie: ada.cookie } });
    expect(mine.json.data).toEqual({ defaultQuality: '720p', defaultFormat: 'mp3', autoDownload: false, loudness: 'off', saved: true });
    expect((await callRoute(defaults, '/api/settings/defaults')).json.data).toEqual(spec);
  });

  it('says whether the defaults are saved ones: not before the user changes a setting, then yes', async () => {
    const mine = async () => (await callRoute(defaults, '/api/settings/defaults', { headers: { cookie: ada.cookie } })).json.data;
    expect(await mine()).toEqual({ defaultQuality: '1080p', defaultFormat: 'mp4', autoDownload: false, loudness: 'off', saved: false });
    await patch({ autoDownload: true });
    expect(await mine()).toEqual({ defaultQuality: '1080p', defaultFormat: 'mp4', autoDownload: true, loudness: 'off', saved: true });
  });

  it('embedMetadata: on by default, off once saved off, and what a download asks wins over it', async () => {
    expect((await deliveryDefaults(getDb, {}, ada.userId)).embedMetadata).toBe(true);
    expect((await deliveryDefaults(getDb, {})).embedMetadata).toBe(true);
    expect((await patch({ embedMetadata: false })).json.data.embedMetadata).toBe(false);
    expect((await read()).json.data).toMatchObject({ embedMetadata: false, defaultQuality: '1080p' });
    expect((await deliveryDefaults(getDb, {}, ada.userId)).embedMetadata).toBe(false);
    expect((await deliveryDefaults(getDb, { embedMetadata: true }, ada.userId)).embedMetadata).toBe(true);
    await patch({ defaultFormat: 'mp3' });
    expect((await deliveryDefaults(getDb, {}, ada.userId)).embedMetadata).toBe(false);
    expect((await patch({ embedMetadata: 'no' })).status).toBe(400);
  });

  it('loudness: off by default, the saved target once chosen, and what a download asks wins over it', async () => {
    expect(await deliveryDefaults(getDb, {}, ada.userId)).toEqual({ embedMetadata: true, loudness: 'off' });
    expect((await patch({ loudness: 'podcast' })).json.data.loudness).toBe('podcast');
    expect((await read()).json.data).toMatchObject({ loudness: 'podcast', embedMetadata: true });
    expect(await deliveryDefaults(getDb, {}, ada.userId)).toEqual({ embedMetadata: true, loudness: 'podcast' });
    expect(await deliveryDefaults(getDb, { loudness: 'off' }, ada.userId)).toEqual({ embedMetadata: true, loudness: 'off' });
    expect(await deliveryDefaults(getDb, {})).toEqual({ embedMetadata: true, loudness: 'off' });
    await patch({ defaultFormat: 'mp3' });
    expect(await deliveryDefaults(getDb, {}, ada.userId)).toMatchObject({ loudness: 'podcast' });
    const refused = await patch({ loudness: 'loud' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toMatch(/loudness must be one of off, streaming, podcast, broadcast/);
  });

  it('needs a real session', async () => {
    expect((await callRoute(getSettings, '/api/settings')).status).toBe(401);
    expect((await callRoute(patchSettings, '/api/settings', { method: 'PATCH', body: { autoDownload: true } })).status).toBe(401);
  });
});
