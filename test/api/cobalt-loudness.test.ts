import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { GET as zipGet } from '@/app/api/download/[id]/zip/route';
import { PATCH as patchSettings } from '@/app/api/settings/route';
import { callRoute } from '@/lib/auth/store.testkit';
import { readLoudness } from '@/lib/media/loudness/loudness.testkit';
import { MAX_TRUE_PEAK, TARGET_LUFS } from '@/lib/media/loudness/targets';
import { fetchLink, send, startCobaltEnv } from './cobalt.testkit';
import { bodyOf } from './download.testkit';

// Loudness beyond the media API: the cobalt-compatible API (Grabline's own `loudness` field, signed into the tunnel
// link) and a post's "download all" ZIP (`loudness=`); each file read back with ffmpeg's ebur128.
let cobaltEnv: Awaited<ReturnType<typeof startCobaltEnv>>;
beforeAll(async () => {
  cobaltEnv = await startCobaltEnv();
}, 120_000);
afterAll(() => cobaltEnv?.close());

const save = (name: string, body: Buffer) => {
  const file = path.join(cobaltEnv.env.root, name);
  writeFileSync(file, body);
  return file;
};

describe('loudness in the cobalt-compatible API', () => {
  const direct = () => ({ ...cobaltEnv.recorded('mute-proxy'), body: { url: `${cobaltEnv.env.site.origin}/video.mp4`, downloadMode: 'auto' } });

  it('a file asked for at a loudness is a tunnel (never the source\'s redirect) whose sound reads that loudness', async () => {
    const request = direct();
    const plain = await send(request);
    expect(plain.json.status).toBe('redirect');
    const source = await readLoudness(save('cobalt-source.mp4', await bodyOf(await fetch(plain.json.url))));
    expect(Math.abs(source.integrated - TARGET_LUFS.podcast)).toBeGreaterThan(1.5);

    const res = await send({ ...request, body: { ...request.body, loudness: 'podcast' } });
    expect(res.json).toMatchObject({ status: 'tunnel', filename: expect.stringMatching(/_720p\.mp4$/) });
    const link = new URL(res.json.url);
    expect(link.searchParams.get('loudness')).toBe('podcast');
    const read = await readLoudness(save('cobalt-podcast.mp4', await bodyOf(await fetchLink(link.href))));
    expect(Math.abs(read.integrated - TARGET_LUFS.podcast), `${read.integrated} LUFS`).toBeLessThanOrEqual(1);
    expect(read.truePeak).toBeLessThanOrEqual(MAX_TRUE_PEAK);

    // the loudness is signed with the rest: another one, or none, makes it a dead link
    for (const change of [(q: URLSearchParams) => q.set('loudness', 'broadcast'), (q: URLSearchParams) => q.delete('loudness')]) {
      const forged = new URL(link);
      change(forged.searchParams);
      expect((await fetchLink(forged.href)).status).toBe(404);
    }
  }, 120_000);

  it('the sound alone, as MP3, at the streaming target', async () => {
    const res = await send({ ...cobaltEnv.recorded('discord-bot-audio'), body: { url: `${cobaltEnv.env.site.origin}/video.mp4`, downloadMode: 'audio', audioFormat: 'mp3', loudness: 'streaming' } });
    expect(res.json.status).toBe('tunnel');
    const read = await readLoudness(save('cobalt-streaming.mp3', await bodyOf(await fetchLink(res.json.url))));
    expect(Math.abs(read.integrated - TARGET_LUFS.streaming), `${read.integrated} LUFS`).toBeLessThanOrEqual(1);
  }, 120_000);

  it('nothing said: the key owner\'s loudness setting, as on the media API; off asked for wins over it', async () => {
    const session = (await callRoute(login, '/api/auth/login', { body: { email: 'bot@example.com', password: 'correct horse' } })).json.data;
    const headers = { cookie: `gl_access=${session.accessToken}` };
    expect((await callRoute(patchSettings, '/api/settings', { method: 'PATCH', body: { loudness: 'podcast' }, headers })).status).toBe(200);
    try {
      const request = direct();
      const res = await send(request);
      expect(res.json.status).toBe('tunnel');
      expect(new URL(res.json.url).searchParams.get('loudness')).toBe('podcast');
      const read = await readLoudness(save('cobalt-setting.mp4', await bodyOf(await fetchLink(res.json.url))));
      expect(Math.abs(read.integrated - TARGET_LUFS.podcast), `${read.integrated} LUFS`).toBeLessThanOrEqual(1);
      const off = await send({ ...request, body: { ...request.body, loudness: 'off' } });
      expect(off.json.status).toBe('redirect');
    } finally {
      await callRoute(patchSettings, '/api/settings', { method: 'PATCH', body: { loudness: 'off' }, headers });
    }
  }, 120_000);

  it('a loudness cobalt would not know is its invalid-body error', async () => {
    const request = direct();
    const res = await send({ ...request, body: { ...request.body, loudness: 'loud' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ status: 'error', error: { code: 'error.api.invalid_body' } });
  });
});

describe('loudness in a post\'s ZIP', () => {
  const zip = (id: string, query = '') =>
    zipGet(new NextRequest(`http://localhost/api/download/${id}/zip${query}`), { params: Promise.resolve({ id }) });

  it('loudness=streaming brings every video of the post to -14 LUFS', async () => {
    await cobaltEnv.cacheRecordedPost('https://x.com/NASA/status/1991234567890123456', 'x-multi-video', 'twitter');
    const sent = await send(cobaltEnv.recorded('picker-post'));
    const mediaId = new URL(sent.json.picker[0].url).searchParams.get('id')!;
    const loudnessOfItems = async (query: string, name: string) => {
      const res = await zip(mediaId, query);
      expect(res.status).toBe(200);
      const out = path.join(cobaltEnv.env.root, name);
      execFileSync('/usr/bin/python3', ['-m', 'zipfile', '-e', save(`${name}.zip`, await bodyOf(res)), out]);
      const names = readdirSync(out).sort();
      expect(names).toHaveLength(2);
      return Promise.all(names.map(async (file) => ({ file, ...(await readLoudness(path.join(out, file))) })));
    };
    // As the source has it (an anonymous caller has no setting), far from the target.
    for (const item of await loudnessOfItems('', 'post-as-is')) {
      expect(Math.abs(item.integrated - TARGET_LUFS.streaming), `${item.file}: ${item.integrated} LUFS`).toBeGreaterThan(1.5);
    }
    for (const item of await loudnessOfItems('?loudness=streaming', 'post-streaming')) {
      expect(Math.abs(item.integrated - TARGET_LUFS.streaming), `${item.file}: ${item.integrated} LUFS`).toBeLessThanOrEqual(1);
      expect(item.truePeak).toBeLessThanOrEqual(MAX_TRUE_PEAK);
    }
  }, 180_000);

  it('refuses a loudness it does not know with a 400', async () => {
    await cobaltEnv.cacheRecordedPost('https://x.com/NASA/status/1991234567890123456', 'x-multi-video', 'twitter');
    const sent = await send(cobaltEnv.recorded('picker-post'));
    const res = await zip(new URL(sent.json.picker[0].url).searchParams.get('id')!, '?loudness=loud');
    expect(res.status).toBe(400);
  });
});
