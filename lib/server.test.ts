import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import { seedUser } from '@/lib/follows/follows.testkit';
import { SharedPreparations } from '@/lib/media/deliver/prepare/shared-preparations';
import { listNotifications } from '@/lib/notifications/notifications-store';
import { dbEngines } from '@/test/db-engines';
import { wireEvents } from './server';

/** The features' hooks write to the store the composition root hands the bus (a worker's as a web node's), no other. */
describe.each(dbEngines())('the event bus on $name', ({ create }) => {
  let db: Db;
  beforeEach(async () => {
    db = await create();
  });
  afterEach(async () => {
    await db.close();
  });

  it("rings the bell of a batch's owner and of a creator's follower in the store it was handed", async () => {
    await seedUser(db, 'u1');
    const events = wireEvents({ db: async () => db, preparations: new SharedPreparations() });
    await events.emit('bulk.finished', { owner: 'u1', batchId: 'b1', ready: 2, total: 3 });
    const uploads = ['First', 'Second'].map((title, n) => ({ mediaId: `m${n}`, title, url: `https://example.com/${n}` }));
    await events.emit('follow.new', { userId: 'u1', followId: 'f1', creator: 'Ada', platform: 'youtube', uploads });
    const { notifications } = await listNotifications(db, 'u1');
    expect(notifications.map(({ kind, title, body }) => ({ kind, title, body })).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'bulk_complete', title: 'Bulk download complete', body: '2/3' },
      { kind: 'follow_new', title: 'Ada', body: 'First (+1)' },
    ]);
  });
});
