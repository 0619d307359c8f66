import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { appStores } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { analyzeMedia, clearAnalyses, setAnalysisStore } from '@/lib/media/analyze';
import type { TextStore } from '@/lib/media/analyze/analysis-store';
import type { EngineDeps } from '@/lib/media/analyze/run-engine';
import { sharedAnalysisStore } from '@/lib/media/analyze/shared-analysis-store';
import { createPlatformBreaker } from '@/lib/media/ytdlp/breaker';
import { resolveEngine } from '@/lib/media/ytdlp/engine';
import { mapYtdlpInfo } from '@/lib/media/ytdlp/map-info';
import { createPlatformGate, extractForPlatform } from '@/lib/media/ytdlp/platform-access';
import { createYtdlpPool, type YtdlpPool } from '@/lib/media/ytdlp/pool';
import { startTestSite, type TestSite } from '@/lib/media/ytdlp/test-site';

import { userCookieOptions } from './for-request';
import { saveUserCookies } from './store';

const FAR = Math.floor(Date.now() / 1000) + 86_400 * 365;
const cookieFile = (sid: string) => [
  '# Netscape HTTP Cookie File',
  `.youtube.com\tTRUE\t/\tTRUE\t${FAR}\tSID\t${sid}`,
  `.tiktok.com\tTRUE\t/\tTRUE\t${FAR}\tsessionid\ttiktok-${sid}`,
].join('\n');

/** Text under a name for a time, in memory: what Redis is to the shared analysis store. */
function memoryText(): TextStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: async (name) => entries.get(name) ?? null,
    set: async (name, value) => void entries.set(name, value),
    clear: async () => entries.clear(),
  };
}

/** A fresh process's analysis state: what another node has before it made or fetched anything. */
function anotherNode(shared?: ReturnType<typeof sharedAnalysisStore>): void {
  delete (globalThis as { __grablineAnalysis?: unknown }).__grablineAnalysis;
  setAnalysisStore(shared);
}

describe.each(appStores())('a user\'s own cookies stay theirs ($name)', ({ open }) => {
  let close: () => Promise<void>;
  let site: TestSite;
  let pool: YtdlpPool;
  let operatorDir: string;
  const given: (string | undefined)[] = [];
  let alice: string;
  let bob: string;

  // A YouTube link analysed by the real yt-dlp worker, which reads the fixture platform's page of the same id: its
  // title names the youtube.com/google.com cookies that one extraction was given.
  const deps: EngineDeps = {
    native: async () => {
      throw new Error('a platform link never goes to the native engine');
    },
    ytdlp: async (url, recognition, signal, cookies) => {
      given.push(cookies);
      const id = new URL(url).searchParams.get('v');
      const info = await extractForPlatform(recognition.platform, `${site.origin}/fixture-platform/cookies-${id}`, {
        signal, cookies, pool, breaker: createPlatformBreaker(), db: getDb, gate: createPlatformGate(() => ({ concurrency: 4, spacingMs: 0 })),
      });
      return mapYtdlpInfo(info, recognition.platform);
    },
  };
  const analyseAs = async (user: string | null, url: string) => analyzeMedia(url, await userCookieOptions(getDb, user, url), deps);
  const addUser = async () => {
    const id = newId('usr');
    await (await getDb()).run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', [id, `${id.toLowerCase()}@example.com`, 'x', Date.now()]);
    return id;
  };

  beforeAll(async () => {
    site = await startTestSite();
    const plugins = join(process.cwd(), 'lib', 'media', 'ytdlp', 'fixtures', 'plugins');
    pool = createYtdlpPool({ size: 2, pythonPath: [resolveEngine().pythonPath, plugins].filter(Boolean).join(':') });
    operatorDir = mkdtempSync(join(tmpdir(), 'grabline-operator-cookies-'));
    writeFileSync(join(operatorDir, 'youtube.txt'), `.youtube.com\tTRUE\t/\tTRUE\t${FAR}\tSID\toperator-sid\n`);
    chmodSync(join(operatorDir, 'youtube.txt'), 0o600);
  }, 120_000);
  afterAll(async () => {
    await pool?.close();
    await site?.close();
    rmSync(operatorDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    close = await open();
    vi.stubEnv('MEDIA_FETCH_ALLOW', new URL(site.origin).host);
    vi.stubEnv('COOKIES_DIR', operatorDir);
    anotherNode();
    given.length = 0;
    alice = await addUser();
    bob = await addUser();
    await saveUserCookies(await getDb(), alice, 'youtube', cookieFile('alice-sid'));
  });
  afterEach(async () => {
    await clearAnalyses();
    anotherNode();
    vi.unstubAllEnvs();
    await close();
  });

  it('reach yt-dlp only for the owner\'s analyses; everyone else gets the operator\'s, and never the owner\'s cached analysis', async () => {
    const url = 'https://www.youtube.com/watch?v=aaaaaaaaaa1';
    const mine = await analyseAs(alice, url);
    expect(mine.info.title).toBe('cookies: SID=alice-sid');
    const bobs = await analyseAs(bob, url);
    expect(bobs.info.title).toBe('cookies: SID=operator-sid');
    expect(bobs.info.id).not.toBe(mine.info.id);
    expect(given[0]).toContain('alice-sid');
    expect(given[0]).not.toContain('tiktok-alice-sid'); // trimmed to YouTube's domains when it was added
    expect(given[1]).toBeUndefined();
    // Cached: again for each, and for an anonymous visitor, with no new extraction and no crossing.
    expect((await analyseAs(bob, url)).info.title).toBe('cookies: SID=operator-sid');
    expect((await analyseAs(null, url)).info.id).toBe(bobs.info.id);
    expect((await analyseAs(alice, url)).info.id).toBe(mine.info.id);
    expect(given).toHaveLength(2);
    // A new file is a new version: the next analysis runs with it, not from the old file's cache.
    await saveUserCookies(await getDb(), alice, 'youtube', cookieFile('alice-sid-2'), Date.now() + 1);
    expect((await analyseAs(alice, url)).info.title).toBe('cookies: SID=alice-sid-2');
    // Another platform's link is not touched by YouTube cookies.
    expect(await userCookieOptions(getDb, alice, 'https://www.tiktok.com/@someone/video/7300000000000000001')).toEqual({});
  });

  it('never joins another user\'s run of the same link in flight', async () => {
    const url = 'https://www.youtube.com/watch?v=aaaaaaaaaa2';
    const [mine, bobs] = await Promise.all([analyseAs(alice, url), analyseAs(bob, url)]);
    expect(mine.info.title).toBe('cookies: SID=alice-sid');
    expect(bobs.info.title).toBe('cookies: SID=operator-sid');
    expect(given).toHaveLength(2);
  });

  it('is shared between nodes only under the owner\'s scope: another node answers the owner, never anyone else', async () => {
    const text = memoryText();
    const shared = sharedAnalysisStore(text);
    anotherNode(shared);
    const url = 'https://www.youtube.com/watch?v=aaaaaaaaaa3';
    const mine = await analyseAs(alice, url);
    expect(text.entries.size).toBe(1);
    const stored = [...text.entries.values()][0];
    expect(stored).not.toContain(alice); // the scope is a keyed hash, never the account id
    expect(stored).not.toContain('# Netscape');
    anotherNode(shared);
    const bobs = await analyseAs(bob, url);
    expect(bobs.info.title).toBe('cookies: SID=operator-sid');
    expect(given).toHaveLength(2);
    anotherNode(shared);
    expect((await analyseAs(alice, url)).info).toEqual(mine.info); // from the shared store: no third extraction
    expect(given).toHaveLength(2);
  });

  it('are unused with USER_COOKIES=off, and gone with the account', async () => {
    const url = 'https://www.youtube.com/watch?v=aaaaaaaaaa4';
    vi.stubEnv('USER_COOKIES', 'off');
    expect((await analyseAs(alice, url)).info.title).toBe('cookies: SID=operator-sid');
    vi.stubEnv('USER_COOKIES', 'on');
    expect((await userCookieOptions(getDb, alice, url)).cookies?.text).toContain('alice-sid');
    await (await getDb()).run('DELETE FROM users WHERE id = ?', [alice]);
    expect(await userCookieOptions(getDb, alice, url)).toEqual({});
    expect(await (await getDb()).query('SELECT user_id FROM user_cookies')).toEqual([]);
  });
});
