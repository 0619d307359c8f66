import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { forgetJwtKey } from '@/lib/http/server-secret';
import { dbEngines } from '@/test/db-engines';

import { openCookies, sealCookies } from './crypto';
import { listUserCookies, loadUserCookies, removeUserCookies, saveUserCookies } from './store';

const NOW = Date.UTC(2026, 10, 25, 12);
const LATER = Math.floor(NOW / 1000) + 86_400 * 30;
const SOONER = Math.floor(NOW / 1000) + 86_400 * 2;
const FILE = [
  '# Netscape HTTP Cookie File',
  `.youtube.com\tTRUE\t/\tTRUE\t${LATER}\tSID\tsecret-youtube-sid`,
  `#HttpOnly_.google.com\tTRUE\t/\tTRUE\t${SOONER}\tNID\tsecret-google-nid`,
  `.tiktok.com\tTRUE\t/\tTRUE\t${LATER}\tsessionid\tsecret-tiktok`,
].join('\n');

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-user-cookies-'));
  process.env.DATA_DIR = dataDir;
  forgetJwtKey();
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  forgetJwtKey();
});

describe('sealed cookies', () => {
  it('open again to the same text, with a fresh nonce each time', () => {
    const a = sealCookies(FILE, 'usr_a', 'youtube');
    const b = sealCookies(FILE, 'usr_a', 'youtube');
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(openCookies(a, 'usr_a', 'youtube')).toBe(FILE);
  });

  it('refuse a flipped bit, a cut tag, another owner or platform, and another server secret', () => {
    const sealed = sealCookies(FILE, 'usr_a', 'youtube');
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[5] ^= 1;
    expect(() => openCookies({ ...sealed, ciphertext: bytes.toString('base64') }, 'usr_a', 'youtube')).toThrow(/could not be read/);
    const tag = Buffer.from(sealed.tag, 'base64');
    expect(() => openCookies({ ...sealed, tag: tag.subarray(0, 4).toString('base64') }, 'usr_a', 'youtube')).toThrow(/could not be read/);
    tag[0] ^= 0x80;
    expect(() => openCookies({ ...sealed, tag: tag.toString('base64') }, 'usr_a', 'youtube')).toThrow(/could not be read/);
    expect(() => openCookies(sealed, 'usr_b', 'youtube')).toThrow(/could not be read/);
    expect(() => openCookies(sealed, 'usr_a', 'tiktok')).toThrow(/could not be read/);
    const other = new TextEncoder().encode('another-server-secret-of-at-least-32-chars');
    expect(() => openCookies(sealed, 'usr_a', 'youtube', other)).toThrow(/could not be read/);
  });
});

describe.each(dbEngines())('user cookies on $name', ({ create }) => {
  let db: Db;
  const user = async () => {
    const id = newId('usr');
    await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', [id, `${id.toLowerCase()}@example.com`, 'x', NOW]);
    return id;
  };
  beforeEach(async () => {
    db = await create();
  });
  afterEach(async () => db.close());

  it('keeps only a sealed file: the raw row holds no cookie name or value', async () => {
    const alice = await user();
    const saved = await saveUserCookies(db, alice, 'youtube', FILE, NOW);
    expect(saved).toEqual({
      platform: 'youtube', addedAt: new Date(NOW).toISOString(), count: 2, earliestExpiry: new Date(SOONER * 1000).toISOString(),
    });
    const rows = await db.query<Record<string, unknown>>('SELECT * FROM user_cookies');
    expect(rows).toHaveLength(1);
    const raw = JSON.stringify(rows[0]);
    for (const secret of ['secret-youtube-sid', 'secret-google-nid', 'SID', 'NID', 'youtube.com', 'google.com', 'Netscape']) {
      expect(raw).not.toContain(secret);
      expect(Buffer.from(String(rows[0].ciphertext), 'base64').toString('latin1')).not.toContain(secret);
    }
    const opened = await loadUserCookies(db, alice, 'youtube');
    expect(opened?.text).toContain('secret-youtube-sid');
    expect(opened?.text).toContain('secret-google-nid');
    expect(opened?.text).not.toContain('secret-tiktok');
  });

  it('replaces, lists only the owner\'s, removes, and goes with the account', async () => {
    const alice = await user();
    const bob = await user();
    await saveUserCookies(db, alice, 'youtube', FILE, NOW);
    await saveUserCookies(db, alice, 'tiktok', FILE, NOW + 1000);
    await saveUserCookies(db, alice, 'tiktok', FILE, NOW + 2000);
    await saveUserCookies(db, bob, 'youtube', FILE, NOW);
    expect((await listUserCookies(db, alice)).map((c) => [c.platform, c.addedAt])).toEqual([
      ['tiktok', new Date(NOW + 2000).toISOString()], ['youtube', new Date(NOW).toISOString()],
    ]);
    expect(await loadUserCookies(db, bob, 'tiktok')).toBeUndefined();
    expect(await removeUserCookies(db, alice, 'tiktok')).toBe(true);
    expect(await removeUserCookies(db, alice, 'tiktok')).toBe(false);
    expect((await listUserCookies(db, alice)).map((c) => c.platform)).toEqual(['youtube']);
    await db.run('DELETE FROM users WHERE id = ?', [alice]);
    expect(await db.query('SELECT platform FROM user_cookies WHERE user_id = ?', [alice])).toEqual([]);
    expect((await listUserCookies(db, bob)).map((c) => c.platform)).toEqual(['youtube']);
  });
});
