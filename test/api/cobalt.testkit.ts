import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { NextRequest } from 'next/server';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as cobalt } from '@/app/api/cobalt/route';
import { GET as tunnelGet } from '@/app/api/cobalt/tunnel/route';
import { POST as issueToken } from '@/app/api/settings/token/route';
import { callRoute } from '@/lib/auth/store.testkit';
import { forgetJwtKey } from '@/lib/http/server-secret';
import { analyzeMedia } from '@/lib/media/analyze';
import { screenSources, screenThumbnails } from '@/lib/media/analyze/screen-sources';
import { mapYtdlpInfo } from '@/lib/media/ytdlp/map-info';
import type { Platform } from '@/lib/media/types';
import type { YtdlpInfo } from '@/lib/media/ytdlp/types';
import { bodyOf, probeBody, startDownloadEnv } from './download.testkit';

export type Recorded = { headers: Record<string, string>; body: Record<string, unknown> };

/**
 * The cobalt API's test setting: the fixture site and a private store (startDownloadEnv), a signed-up user and
 * their API token, and the calls the way cobalt's clients make them.
 */
export async function startCobaltEnv() {
  const env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
  forgetJwtKey();
  await callRoute(register, '/api/auth/register', { body: { email: 'bot@example.com', password: 'correct horse' } });
  const session = (await callRoute(login, '/api/auth/login', { body: { email: 'bot@example.com', password: 'correct horse' } })).json.data;
  const cookie = `gl_access=${session.accessToken}`;
  const token: string = (await callRoute(issueToken, '/api/settings/token', { method: 'POST', headers: { cookie } })).json.data.token;
  const fill = (text: string) => text.replaceAll('{{origin}}', env.site.origin).replaceAll('{{token}}', token);
  const fixture = (dir: string, name: string) => fill(readFileSync(path.join(process.cwd(), 'test', 'fixtures', dir, `${name}.json`), 'utf8'));

  /** A request recorded in test/fixtures/cobalt-requests, with the site's origin and the token filled in. */
  const recorded = (name: string): Recorded => JSON.parse(fixture('cobalt-requests', name));

  /** A post's analysis as the yt-dlp engine would make it, cached under the key the API's own analysis uses. */
  async function cacheRecordedPost(url: string, name: string, platform: Platform) {
    const info = JSON.parse(fixture('ytdlp-info', name)) as YtdlpInfo;
    const extraction = async () => screenThumbnails(await screenSources(mapYtdlpInfo(info, platform)));
    await analyzeMedia(url, { engine: 'auto' }, { native: extraction, ytdlp: extraction });
  }

  /** Probes what a link of an answer delivers, fetched as cobalt's clients fetch it. */
  async function probeLink(url: string, name: string) {
    const res = await fetchLink(url);
    if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
    return probeBody(env.root, name, await bodyOf(res));
  }

  return { env, token, recorded, cacheRecordedPost, probeLink, close: () => env.close() };
}

/** POSTs to the cobalt route at its trailing-slash path, as clients configured with an instance URL do. */
export async function send({ headers, body }: Recorded) {
  const req = new NextRequest('http://localhost/api/cobalt/', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const res = await cobalt(req, { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, json: await res.json() };
}

/** Fetches a tunnel link without any credential, as a shortcut or a bot does. */
export function fetchLink(url: string): Promise<Response> {
  const link = new URL(url);
  if (link.pathname !== '/api/cobalt/tunnel') throw new Error(`not a tunnel: ${url}`);
  return tunnelGet(new NextRequest(link), { params: Promise.resolve({}) });
}

/** The audio stream's bit rate as ffprobe reads it (bits/s). */
export async function audioBitRate(file: string): Promise<number> {
  const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=bit_rate', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}
