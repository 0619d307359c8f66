import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GET as healthGet } from '@/app/api/health/route';
import { AppError } from '@/lib/errors';
import { getPlatformBreaker } from '@/lib/media/ytdlp/breaker';
import { engineWarnings, type EngineStatus } from '@/lib/media/ytdlp/engine-status';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';

const noParams = { params: Promise.resolve({}) };
// The engine set-up installs beside the code (./engine); a machine set up before that keeps it under ./data/engine.
const installed = [path.join(process.cwd(), 'engine'), path.join(process.cwd(), 'data', 'engine')]
  .find((dir) => existsSync(path.join(dir, 'current', 'engine.json'))) ?? path.join(process.cwd(), 'engine');
const hasEngine = existsSync(path.join(installed, 'current', 'engine.json'));
const empty = mkdtempSync(path.join(tmpdir(), 'grabline-no-engine-'));

afterEach(() => {
  delete process.env.GRABLINE_ENGINE_DIR;
  delete process.env.GRABLINE_PACKAGED_ENGINE_DIR;
});

/** Only `dir` holds engines: the packaged folder and the data folder both point at it. */
function engineIn(dir: string) {
  process.env.GRABLINE_ENGINE_DIR = dir;
  process.env.GRABLINE_PACKAGED_ENGINE_DIR = dir;
}

afterAll(async () => {
  await getYtdlpPool().close();
  rmSync(empty, { recursive: true, force: true });
});

interface Health {
  status: string;
  engineOutdated: boolean;
  ytdlp: string | null;
  engine: EngineStatus;
  warnings: { code: string; message: string }[];
  pool: { engine: { source: string } };
}

/** The details are the operator's: asked for with HEALTH_TOKEN. */
async function health(): Promise<Health> {
  process.env.HEALTH_TOKEN = 'health-engine-operator-token';
  const res = await healthGet(new NextRequest('http://localhost/api/health', { headers: { authorization: 'Bearer health-engine-operator-token' } }), noParams);
  delete process.env.HEALTH_TOKEN;
  const body = (await res.json()) as { success: boolean; data: Health };
  expect(body.success).toBe(true);
  return body.data;
}

if (!hasEngine) console.warn('[health-engine] the installed-engine case is skipped: bash scripts/engine-install.sh installs it');

describe('GET /api/health — the engine', () => {
  it.skipIf(!hasEngine)('reports the installed current engine with Deno, the offline solver and no warnings', async () => {
    engineIn(installed);
    const data = await health();
    expect(data.engine).toMatchObject({ source: 'debian-unstable', poToken: 'off', solver: true });
    expect(data.engine.version).toMatch(/^20\d{2}\.\d{2}\.\d{2}/);
    expect(data.engine.version! >= '2026.10.26').toBe(true);
    expect(data.ytdlp).toBe(data.engine.version);
    expect(data.engine.jsRuntime).toMatch(/^deno-2\./);
    expect(data.engine.ageDays).toEqual(expect.any(Number));
    expect(Date.parse(data.engine.updatedAt!)).not.toBeNaN();
    expect(data.warnings.filter((w) => w.code !== 'engine_stale')).toEqual([]);
    expect(data.engineOutdated).toBe(data.engine.ageDays! > 60);
    expect(data.status).toBe(data.engineOutdated ? 'degraded' : 'ok');
    expect(data.pool.engine.source).toBe('debian-unstable');
  });

  it('says so when it falls back to Debian\'s packaged yt-dlp', async () => {
    engineIn(empty);
    const data = await health();
    expect(data.engine.source).toBe('debian');
    expect(data.engine.updatedAt).toBeNull();
    expect(data.warnings.map((w) => w.code)).toContain('engine_fallback');
    // Debian 12's yt-dlp predates the JS runtime interface: YouTube's challenges cannot be solved on it.
    if (data.engine.version && data.engine.version < '2025.11') {
      expect(data.engine.jsRuntime).toBeNull();
      expect(data.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['no_js_runtime', 'solver_missing', 'engine_stale']));
      // Loudly: an engine that old makes the status every caller sees 'degraded'.
      expect(data.engineOutdated).toBe(true);
      expect(data.status).toBe('degraded');
    }
  });
});

describe('GET /api/health — paused platforms', () => {
  it('shows an open breaker and warns about it; other platforms are not listed', async () => {
    engineIn(empty);
    getPlatformBreaker().record('tiktok', new AppError('platform_rate_limited', 'x'));
    try {
      const data = (await health()) as Health & { platforms: { paused: Record<string, { state: string; lastCode: string }> } };
      expect(data.platforms.paused).toEqual({ tiktok: expect.objectContaining({ state: 'open', lastCode: 'platform_rate_limited', trips: 1 }) });
      expect(data.warnings).toContainEqual({ code: 'platform_paused', message: expect.stringMatching(/^tiktok is paused until /) });
    } finally {
      getPlatformBreaker().reset();
    }
  });
});

describe('engine warnings', () => {
  const healthy: EngineStatus = {
    version: '2026.10.26', source: 'debian-unstable', ageDays: 30, jsRuntime: 'deno-2.9.6', solver: true, poToken: 'off',
    updatedAt: '2026-11-01T00:00:00.000Z', lastUpdate: { at: '2026-11-25T00:00:00Z', result: 'current' },
  };

  it('has none for a current engine, and one per problem otherwise', () => {
    expect(engineWarnings(healthy)).toEqual([]);
    expect(engineWarnings({ ...healthy, ageDays: 60 })).toEqual([]);
    expect(engineWarnings({ ...healthy, ageDays: 61 }).map((w) => w.code)).toEqual(['engine_stale']);
    expect(engineWarnings({ ...healthy, jsRuntime: null }).map((w) => w.code)).toEqual(['no_js_runtime']);
    expect(engineWarnings({ ...healthy, solver: false }).map((w) => w.code)).toEqual(['solver_missing']);
    expect(engineWarnings({ ...healthy, source: 'debian' }).map((w) => w.code)).toEqual(['engine_fallback']);
    for (const poToken of ['ready', 'working'] as const) expect(engineWarnings({ ...healthy, poToken })).toEqual([]);
    for (const poToken of ['unavailable', 'failing'] as const) {
      expect(engineWarnings({ ...healthy, poToken }).map((w) => w.code)).toEqual(['po_token_failing']);
    }
    const rolledBack = engineWarnings({ ...healthy, lastUpdate: { at: 'x', result: 'rolled_back', message: 'smoke test failed' } });
    expect(rolledBack).toEqual([{ code: 'engine_update_failed', message: expect.stringContaining('smoke test failed') }]);
  });
});
