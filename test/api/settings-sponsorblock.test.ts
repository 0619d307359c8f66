import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GET as readRoute, PUT as saveRoute } from '@/app/api/settings/sponsorblock/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { sponsorListsOf } from '@/lib/settings/sponsorblock';
import { signUp } from './history.testkit';

/** Each user's SponsorBlock choice: the default until saved, on SQLite and PostgreSQL alike; a download's own lists win. */
describe.each(appStores())('SponsorBlock settings on $name', ({ open }) => {
  let close: () => Promise<void>;
  let ada: { cookie: string; userId: string };
  beforeEach(async () => {
    close = await open();
    ada = await signUp('ada@example.com');
  });
  afterEach(async () => close());

  const read = (cookie = ada.cookie) => callRoute(readRoute, '/api/settings/sponsorblock', { headers: { cookie } });
  const save = (body: unknown) => callRoute(saveRoute, '/api/settings/sponsorblock', { method: 'PUT', body, headers: { cookie: ada.cookie } });

  it('starts at the default: mark sponsor, self-promotion and interaction reminders, remove nothing', async () => {
    expect((await read()).json).toEqual({ success: true, data: { mark: ['sponsor', 'selfpromo', 'interaction'], remove: [] } });
  });

  it('saves a choice (one category in both lists is removed) that downloads then use', async () => {
    const saved = await save({ mark: ['intro', 'sponsor'], remove: ['sponsor', 'filler'] });
    expect(saved.json.data).toEqual({ mark: ['intro'], remove: ['sponsor', 'filler'] });
    expect((await read()).json.data).toEqual({ mark: ['intro'], remove: ['sponsor', 'filler'] });
    const db = await getDb();
    expect(await sponsorListsOf(db, {}, ada.userId)).toEqual({ sponsorMark: ['intro'], sponsorRemove: ['sponsor', 'filler'] });
    // What a download names itself wins, list by list.
    expect(await sponsorListsOf(db, { sponsorMark: [] }, ada.userId)).toEqual({ sponsorMark: [], sponsorRemove: ['sponsor', 'filler'] });
    // Nobody signed in: the download's own lists or nothing (the default applies).
    expect(await sponsorListsOf(db, {}, null)).toEqual({});
  });

  it('an unknown category is a 400, a signed-out caller a 401', async () => {
    const bad = await save({ mark: ['ads'], remove: [] });
    expect(bad.status).toBe(400);
    expect((await read('')).status).toBe(401);
  });
});
