import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { decryptSampleAesTs } from '@/lib/media/download/sample-aes/decrypt-ts';
import { ensureTextStreamFixtures, SAMPLE_AES_TS_KEY, TEXT_SECONDS, TEXT_STREAMS_DIR } from '@/test/fixtures/media-streams-text';
import { bodyOf, requestDownload, startDownloadEnv } from './download.testkit';

const run = promisify(execFile);

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let outDir: string;
const dir = path.join(TEXT_STREAMS_DIR, 'sample-aes-ts');
beforeAll(async () => {
  await ensureTextStreamFixtures();
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '1000' });
  outDir = mkdtempSync(path.join(env.root, 'out-'));
}, 300_000);
const table: string[] = [];
afterAll(async () => {
  if (table.length) console.log(['shape | streams | duration | start', ...table].join('\n'));
  await env?.close();
});

/** The MD5 of every decoded frame of one stream kind, whatever the container's timestamps. */
async function decodedMd5(file: string, stream: 'v' | 'a'): Promise<string> {
  const { stdout } = await run('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-map', `0:${stream}:0`, '-f', 'md5', '-']);
  return stdout.trim();
}

describe('SAMPLE-AES inside MPEG-TS (H.264 NAL units and ADTS AAC in PES, identity key over http)', () => {
  it('the fixture is really encrypted: no segment equals its clear original', async () => {
    const names = (await readdir(dir)).filter((n) => n.endsWith('.ts'));
    expect(names.length).toBe(TEXT_SECONDS / 2);
    for (const name of names) expect((await readFile(path.join(dir, name))).equals(await readFile(path.join(dir, 'clear', name)))).toBe(false);
  });

  it('is analysed from the bare media playlist and delivered decrypted: decodes clean, the very frames and samples of the clear stream', async () => {
    const media = await analyzeMedia(`${env.site.origin}/streams-text/sample-aes-ts/index.m3u8`, { engine: 'native' });
    const plan = [...media.plans.values()].find((p) => p.kind === 'video' && p.container === 'mp4')!;
    expect(plan, 'a video offer').toBeDefined();
    expect(media.info.formats.find((f) => f.itag === plan.itag)?.quality).toBe('180p');
    const res = await requestDownload(media.info.id, plan.itag);
    const body = await bodyOf(res);
    expect(res.status, body.toString('utf8', 0, 300)).toBe(200);
    const file = path.join(outDir, 'sample-aes.mp4');
    await writeFile(file, body);
    const { stderr } = await run('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-f', 'null', '-']);
    expect(stderr.trim()).toBe('');
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration,start_time:stream=codec_name', '-of', 'json', file]);
    const probed = JSON.parse(stdout) as { format: { duration: string; start_time: string }; streams: { codec_name: string }[] };
    table.push(`sample-aes-ts | ${probed.streams.map((s) => s.codec_name).join(' + ')} | ${probed.format.duration} s | ${probed.format.start_time}`);
    expect(probed.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Math.abs(Number(probed.format.duration) - TEXT_SECONDS)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(Number(probed.format.start_time))).toBeLessThanOrEqual(0.05);
    // The clear segments joined: the same decoded pictures and sound, bit for bit.
    const clear = path.join(outDir, 'clear.ts');
    const names = (await readdir(path.join(dir, 'clear'))).filter((n) => n.endsWith('.ts')).sort((a, b) => parseInt(a.slice(1)) - parseInt(b.slice(1)));
    await writeFile(clear, Buffer.concat(await Promise.all(names.map((n) => readFile(path.join(dir, 'clear', n))))));
    expect(await decodedMd5(file, 'v')).toBe(await decodedMd5(clear, 'v'));
    expect(await decodedMd5(file, 'a')).toBe(await decodedMd5(clear, 'a'));
  }, 60_000);
});

describe('SAMPLE-AES AC-3 in MPEG-TS', () => {
  const ac3 = path.join(TEXT_STREAMS_DIR, 'sample-aes-ts-ac3');

  it('each segment decrypts to the clear segment\'s very AC-3 samples and H.264 pictures', async () => {
    const iv = Buffer.from('a0a1a2a3a4a5a6a7a8a9aaabacadaeaf', 'hex');
    for (const name of (await readdir(ac3)).filter((n) => n.endsWith('.ts'))) {
      const sealed = await readFile(path.join(ac3, name));
      expect(sealed.equals(await readFile(path.join(ac3, 'clear', name)))).toBe(false);
      const opened = path.join(outDir, `ac3-${name}`);
      await writeFile(opened, decryptSampleAesTs(sealed, SAMPLE_AES_TS_KEY, iv));
      expect(await decodedMd5(opened, 'a')).toBe(await decodedMd5(path.join(ac3, 'clear', name), 'a'));
      expect(await decodedMd5(opened, 'v')).toBe(await decodedMd5(path.join(ac3, 'clear', name), 'v'));
    }
  }, 60_000);

  it('is delivered through the API as a file that decodes clean', async () => {
    const media = await analyzeMedia(`${env.site.origin}/streams-text/sample-aes-ts-ac3/index.m3u8`, { engine: 'native' });
    const plan = [...media.plans.values()].find((p) => p.kind === 'video' && p.container === 'mp4')!;
    const res = await requestDownload(media.info.id, plan.itag);
    const body = await bodyOf(res);
    expect(res.status, body.toString('utf8', 0, 300)).toBe(200);
    const file = path.join(outDir, 'sample-aes-ac3.mp4');
    await writeFile(file, body);
    const { stderr } = await run('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-f', 'null', '-']);
    expect(stderr.trim()).toBe('');
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name:format=duration', '-of', 'json', file]);
    const probed = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_name: string }[] };
    table.push(`sample-aes-ts-ac3 | ${probed.streams.map((s) => s.codec_name).join(' + ')} | ${probed.format.duration} s | -`);
    expect(probed.streams.map((s) => s.codec_name)).toContain('h264');
    expect(probed.streams.some((s) => s.codec_name === 'aac' || s.codec_name === 'ac3')).toBe(true);
    expect(Math.abs(Number(probed.format.duration) - TEXT_SECONDS)).toBeLessThanOrEqual(0.5);
  }, 60_000);
});
