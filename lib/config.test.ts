import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { config, CONFIG_VARIABLES, ConfigError, parseConfig } from './config';

afterEach(() => vi.unstubAllEnvs());

describe('config', () => {
  it('gives every variable its default on an empty environment', () => {
    const { env, trustedProxyHops, sqlitePath } = parseConfig({});
    expect(env).toMatchObject({ PORT: 3000, TRUST_PROXY: false, MAX_DURATION_S: 10_800, MAX_FILESIZE_BYTES: 4 * 1024 ** 3,
      SEGMENT_CONCURRENCY: 8, MEDIA_FETCH_ALLOW: [], CREATOR_SOURCES_JSON: {}, FFMPEG_PATH: 'ffmpeg' });
    expect(env.SITE_URL).toBeUndefined();
    expect(trustedProxyHops).toBe(0);
    expect(sqlitePath).toMatch(/data\/grabline\.db$/);
  });

  it('reads, types and trims what is set; an empty value counts as unset', () => {
    const { env, trustedProxyHops } = parseConfig({
      SITE_URL: 'https://grab.example/', TRUST_PROXY: '1', TRUST_PROXY_HOPS: '2', MAX_DURATION_S: '60', PORT: '',
      MEDIA_FETCH_ALLOW: '127.0.0.1:4555, [::1]:80', CREATOR_SOURCES_JSON: '{"mkbhd":"http://127.0.0.1:1/ch"}',
    });
    expect(env).toMatchObject({ SITE_URL: 'https://grab.example', MAX_DURATION_S: 60, PORT: 3000,
      MEDIA_FETCH_ALLOW: ['127.0.0.1:4555', '[::1]:80'], CREATOR_SOURCES_JSON: { mkbhd: 'http://127.0.0.1:1/ch' } });
    expect(trustedProxyHops).toBe(2);
  });

  it('refuses bad values, naming every variable at fault', () => {
    let error: unknown;
    try {
      parseConfig({ MAX_DURATION_S: 'three hours', JWT_SECRET: 'short', DATABASE_URL: 'mysql://x', TRUST_PROXY: 'maybe',
        MEDIA_FETCH_ALLOW: '*:*', CREATOR_SOURCES_JSON: '{', SITE_URL: 'ftp://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const names = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(names.sort()).toEqual(['CREATOR_SOURCES_JSON', 'DATABASE_URL', 'JWT_SECRET', 'MAX_DURATION_S', 'MEDIA_FETCH_ALLOW',
      'SITE_URL', 'TRUST_PROXY']);
    expect((error as ConfigError).message).toContain('JWT_SECRET: must be at least 32 characters');
  });

  it('knows when next build is prerendering, and only then', () => {
    expect(parseConfig({ NEXT_PHASE: 'phase-production-build' }).building).toBe(true);
    expect(parseConfig({ NEXT_PHASE: 'phase-production-server' }).building).toBe(false);
    expect(parseConfig({}).building).toBe(false);
  });

  it('keeps thumbnails under the data folder (the temp store sweeps its own dirs), capped at 2 MiB a picture by default', () => {
    const { thumbnailDir, env } = parseConfig({ DATA_DIR: '/srv/g' });
    expect(thumbnailDir).toBe('/srv/g/thumbnails');
    expect(env).toMatchObject({ THUMBNAIL_MAX_BYTES: 2 * 1024 * 1024, THUMBNAIL_CACHE_TTL_MS: 7 * 24 * 3600 * 1000, THUMBNAIL_CACHE_MAX_BYTES: 256 * 1024 * 1024 });
    expect(() => parseConfig({ THUMBNAIL_MAX_BYTES: '100' })).toThrow(/THUMBNAIL_MAX_BYTES: must be at least 1024/);
  });

  it('puts the engine under the data folder unless told otherwise, and offers no nightly channel', () => {
    expect(parseConfig({ DATA_DIR: '/srv/g' }).engineDir).toBe('/srv/g/engine');
    expect(parseConfig({ DATA_DIR: '/srv/g', GRABLINE_ENGINE_DIR: '/opt/e' }).engineDir).toBe('/opt/e');
    expect(parseConfig({ ENGINE_AUTO_UPDATE: 'on' }).env).toMatchObject({ ENGINE_AUTO_UPDATE: true, ENGINE_CHANNEL: 'stable' });
    expect(() => parseConfig({ ENGINE_CHANNEL: 'nightly' })).toThrow(/ENGINE_CHANNEL: must be "stable"/);
    expect(parseConfig({ PLATFORM_PROXY: 'http://u:p@10.0.0.2:3128' }).env.PLATFORM_PROXY).toBe('http://u:p@10.0.0.2:3128');
    expect(() => parseConfig({ PLATFORM_PROXY: 'socks5://u:p@10.0.0.2:1080' })).toThrow(/PLATFORM_PROXY: must be http:\/\/\[user:pass@\]host:port/);
  });

  it('keeps the packaged engine beside the code, wherever the data folder is', () => {
    expect(parseConfig({ DATA_DIR: '/srv/g' }).packagedEngineDir).toBe(path.join(process.cwd(), 'engine'));
    expect(parseConfig({ GRABLINE_PACKAGED_ENGINE_DIR: '/app/engine' }).packagedEngineDir).toBe('/app/engine');
  });

  it('refuses a placeholder JWT_SECRET or database password, and takes real ones', () => {
    const refused = (env: Record<string, string>) => {
      try {
        parseConfig(env);
      } catch (error) {
        return (error as ConfigError).problems.map((p) => p.split(':')[0]);
      }
      return [];
    };
    for (const secret of ['change-me-to-a-long-random-secret-shared-by-every-node', 'CHANGEME_CHANGEME_CHANGEME_CHANGEME',
      'replace-this-with-a-random-string-of-32-chars', 'your-own-secret-at-least-32-characters-long', 'x'.repeat(40)]) {
      expect(refused({ JWT_SECRET: secret }), secret).toEqual(['JWT_SECRET']);
    }
    for (const password of ['grabline', 'change-me', 'postgres', 'password', 'your_password', 'placeholder']) {
      expect(refused({ DATABASE_URL: `postgres://grabline:${password}@postgres:5432/grabline` }), password).toEqual(['DATABASE_URL']);
    }
    expect(refused({ JWT_SECRET: '5f1c0a9e7b2d4c6e8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d', DATABASE_URL: 'postgres://grabline:Qm9v3xTq7LpA2wZr@db/grabline' })).toEqual([]);
    // No password at all is peer or trust authentication, not a placeholder.
    expect(refused({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/grabline' })).toEqual([]);
  });

  it('reads platform canaries as platform → links, and names a bad map', () => {
    expect(parseConfig({ PLATFORM_CANARIES: '{"tiktok":["https://www.tiktok.com/@a/video/1"]}' }).env.PLATFORM_CANARIES)
      .toEqual({ tiktok: ['https://www.tiktok.com/@a/video/1'] });
    expect(parseConfig({}).env).toMatchObject({ PLATFORM_CANARIES: {}, CANARY_INTERVAL_MS: 21_600_000, PLATFORM_CONCURRENCY: 3 });
    for (const bad of ['{"myspace":["https://x.example/"]}', '{"tiktok":"https://x"}', '{"tiktok":["file:///etc/passwd"]}', '[']) {
      expect(() => parseConfig({ PLATFORM_CANARIES: bad })).toThrow(/PLATFORM_CANARIES: must be a JSON object of platform/);
    }
  });

  it('takes a metrics token of 16+ characters; unset keeps /metrics closed', () => {
    expect(parseConfig({}).env.METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: '' }).env.METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: 'a-scraper-token-1234' }).env.METRICS_TOKEN).toBe('a-scraper-token-1234');
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });

  it('keeps Redis off unless REDIS_URL is set, and checks the URL and the key prefix', () => {
    expect(parseConfig({}).env).toMatchObject({ REDIS_URL: undefined, REDIS_PREFIX: 'grabline:' });
    expect(parseConfig({ REDIS_URL: 'rediss://u:p@cache.internal:6380/2', REDIS_PREFIX: 'site-2:' }).env)
      .toMatchObject({ REDIS_URL: 'rediss://u:p@cache.internal:6380/2', REDIS_PREFIX: 'site-2:' });
    expect(() => parseConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => parseConfig({ REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX: must be 1 to 64/);
  });

  it('keeps finished files beside the work dirs unless FILE_STORE_DIR names a shared directory', () => {
    expect(parseConfig({ TEMP_DIR: '/srv/tmp' }).fileStoreDir).toBe('/srv/tmp/.ready');
    expect(parseConfig({ TEMP_DIR: '/srv/tmp', FILE_STORE_DIR: '/mnt/shared/files' }).fileStoreDir).toBe('/mnt/shared/files');
  });

  it('keeps ads off unless a publisher id is set, and reads the placements by name', () => {
    expect(parseConfig({}).env).toMatchObject({ ADS_PUBLISHER_ID: undefined, ADS_PLACEMENTS: [], ADS_AUTO: false,
      ADS_SCRIPT_URL: 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js' });
    const { env } = parseConfig({ ADS_PUBLISHER_ID: 'ca-pub-1234567890123456', ADS_PLACEMENTS: ' topBanner, sideRail ,vignette', ADS_AUTO: 'on' });
    expect(env).toMatchObject({ ADS_PLACEMENTS: ['topBanner', 'sideRail', 'vignette'], ADS_AUTO: true });
    expect(parseConfig({ ADS_SLOTS: 'topBanner:1234567890, rectangle:2345678901' }).env.ADS_SLOTS).toEqual({ topBanner: '1234567890', rectangle: '2345678901' });
    expect(() => parseConfig({ ADS_SLOTS: 'vignette:1234567890' })).toThrow(/ADS_SLOTS: "vignette:1234567890" is not placement:slot-id/);
    expect(() => parseConfig({ ADS_PLACEMENTS: 'topBanner,footer' })).toThrow(/ADS_PLACEMENTS: must be a comma list of topBanner, sideRail/);
    expect(() => parseConfig({ ADS_PUBLISHER_ID: '<script>' })).toThrow(/ADS_PUBLISHER_ID: must be an ad publisher id/);
    expect(() => parseConfig({ ADS_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(/ADS_SCRIPT_URL/);
  });

  it('follows the environment as it changes', () => {
    vi.stubEnv('MAX_DOWNLOADS_PER_IP', '7');
    expect(config().env.MAX_DOWNLOADS_PER_IP).toBe(7);
    vi.stubEnv('MAX_DOWNLOADS_PER_IP', '9');
    expect(config().env.MAX_DOWNLOADS_PER_IP).toBe(9);
    expect(config()).toBe(config());
  });

  it('sees a variable written, deleted or assigned straight to process.env, and a replaced process.env', () => {
    const saved = process.env;
    const before = saved.MAX_DOWNLOADS_PER_IP;
    const fallback = parseConfig({ ...saved, MAX_DOWNLOADS_PER_IP: undefined }).env.MAX_DOWNLOADS_PER_IP;
    try {
      config();
      process.env.MAX_DOWNLOADS_PER_IP = '11';
      expect(config().env.MAX_DOWNLOADS_PER_IP).toBe(11);
      Object.assign(process.env, { MAX_DOWNLOADS_PER_IP: '12' });
      expect(config().env.MAX_DOWNLOADS_PER_IP).toBe(12);
      delete process.env.MAX_DOWNLOADS_PER_IP;
      expect(config().env.MAX_DOWNLOADS_PER_IP).toBe(fallback);
      process.env = { ...saved, MAX_DOWNLOADS_PER_IP: '13' };
      expect(config().env.MAX_DOWNLOADS_PER_IP).toBe(13);
    } finally {
      process.env = saved;
      if (before === undefined) delete process.env.MAX_DOWNLOADS_PER_IP;
      else process.env.MAX_DOWNLOADS_PER_IP = before;
    }
    expect(config().env.MAX_DOWNLOADS_PER_IP).toBe(before === undefined ? fallback : Number(before));
  });
});

describe('the documented settings', () => {
  // NODE_ENV and NEXT_PHASE are Next's own; every other variable is one an operator may set.
  const operatorVariables = CONFIG_VARIABLES.filter((name) => name !== 'NODE_ENV' && name !== 'NEXT_PHASE');
  // What compose.yaml reads from .env: documented beside the server's own settings.
  const composeVariables = [...new Set([...readFileSync(path.join(process.cwd(), 'compose.yaml'), 'utf8').matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]))];

  it('README.md names every variable in its Configuration table, and only real ones', () => {
    const readme = readFileSync(path.join(process.cwd(), 'README.md'), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| (`[A-Z_]+`(?:, `[A-Z_]+`)*) \|/gm)].flatMap((m) => [...m[1].matchAll(/`([A-Z_]+)`/g)].map((n) => n[1])));
    expect(operatorVariables.filter((name) => !documented.has(name))).toEqual([]);
    expect(composeVariables.filter((name) => !documented.has(name))).toEqual([]);
    documented.delete('TEST_DATABASE_URL');
    documented.delete('TEST_REDIS_URL');
    expect([...documented].filter((name) => !(CONFIG_VARIABLES as string[]).includes(name) && !composeVariables.includes(name))).toEqual([]);
  });

  // After a change to README's table: npm run env:example.
  it('.env.example lists every variable once, unset, with its default', () => {
    const example = readFileSync(path.join(process.cwd(), '.env.example'), 'utf8');
    const listed = [...example.matchAll(/^([A-Z_]+)=(.*)$/gm)];
    expect(listed.map((m) => m[1]).sort()).toEqual([...new Set([...operatorVariables, ...composeVariables])].sort());
    expect(listed.filter((m) => m[2] !== '')).toEqual([]);
    expect(() => parseConfig(Object.fromEntries(listed.map((m) => [m[1], m[2]])))).not.toThrow();
  });
});
