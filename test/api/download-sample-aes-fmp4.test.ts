import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { decryptCbcsSegment } from '@/lib/media/download/sample-aes/cbcs-fragment';
import { readCbcsInit } from '@/lib/media/download/sample-aes/cbcs-init';
import { CBCS_DIR, CBCS_KEY, CBCS_SECONDS, ensureCbcsFixtures } from '@/test/fixtures/media-cbcs';
import { topLevelBoxes } from '@/test/fixtures/mp4-boxes';
import { bodyOf, requestDownload, startDownloadEnv } from './download.testkit';

const run = promisify(execFile);

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let outDir: string;
beforeAll(async () => {
  await ensureCbcsFixtures();
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '1000' });
  outDir = mkdtempSync(path.join(env.root, 'out-'));
}, 300_000);
const table: string[] = [];
afterAll(async () => {
  if (table.length) console.log(['shape | streams | duration | start | frames equal to the clear source', ...table].join('\n'));
  await env?.close();
});

const clearDir = path.join(CBCS_DIR, 'clear');
const sealedDir = path.join(CBCS_DIR, 'cbcs');
const segmentNames = async () => (await readdir(clearDir)).filter((n) => n.endsWith('.m4s')).sort((a, b) => parseInt(a.slice(1)) - parseInt(b.slice(1)));

/** Each decoded frame's MD5 of one stream kind, in order (timestamps left out: containers may shift them). */
async function frameMd5s(file: string, stream: 'v' | 'a'): Promise<string[]> {
  const { stdout } = await run('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-map', `0:${stream}:0`, '-f', 'framemd5', '-'], { maxBuffer: 64 << 20 });
  return stdout.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(',').at(-1)!.trim());
}

/** A stream's folder as one fMP4 file: init then every segment. */
async function joined(dir: string, name: string): Promise<string> {
  const parts = [await readFile(path.join(dir, 'init.mp4'))];
  for (const segment of await segmentNames()) parts.push(await readFile(path.join(dir, segment)));
  const file = path.join(outDir, name);
  await writeFile(file, Buffer.concat(parts));
  return file;
}

describe('SAMPLE-AES in fMP4 (cbcs: H.264 in pattern 1:9 with subsamples and a constant IV, AAC whole-sample with per-sample IVs)', () => {
  it('the fixture is really encrypted: encv/enca with a cbcs sinf, senc in every segment; read as clear, neither picture nor sound is the clear one', async () => {
    const init = await readFile(path.join(sealedDir, 'init.mp4'));
    for (const marker of ['encv', 'enca', 'sinf', 'frma', 'cbcs', 'tenc']) expect(init.includes(marker, 0, 'latin1'), marker).toBe(true);
    for (const name of await segmentNames()) {
      const sealed = await readFile(path.join(sealedDir, name));
      expect(topLevelBoxes(sealed).map((b) => b.type)).toContain('moof');
      expect(sealed.includes('senc', 0, 'latin1')).toBe(true);
    }
    // Read as clear (the protection boxes ignored), the sealed samples are not the clear ones.
    const clear = await joined(clearDir, 'clear.mp4');
    const sealedAsClear = await joined(sealedDir, 'sealed-as-clear.mp4');
    const initClearTypes = readCbcsInit(await readFile(path.join(sealedDir, 'init.mp4'))).clear;
    await writeFile(sealedAsClear, Buffer.concat([initClearTypes, (await readFile(sealedAsClear)).subarray(initClearTypes.length)]));
    for (const stream of ['v', 'a']) {
      const md5 = (file: string) => run('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-map', `0:${stream}:0`, '-f', 'md5', '-']).then((r) => r.stdout, () => 'undecodable');
      expect(await md5(sealedAsClear), stream).not.toBe(await md5(clear));
    }
  }, 120_000);

  it('each segment decrypts to the clear segment\'s very pictures and sound', async () => {
    const init = readCbcsInit(await readFile(path.join(sealedDir, 'init.mp4')));
    expect([...init.tracks.values()].map((t) => [t.crypt, t.skip, t.perSampleIvSize, t.constantIv?.length ?? 0]).sort()).toEqual([[1, 9, 0, 16], [10, 0, 8, 0]]);
    const clear = await joined(clearDir, 'clear-2.mp4');
    const opened = path.join(outDir, 'opened.mp4');
    const segments = await Promise.all((await segmentNames()).map((n) => readFile(path.join(sealedDir, n))));
    await writeFile(opened, Buffer.concat([init.clear, ...segments.map((s) => decryptCbcsSegment(s, init, CBCS_KEY, Buffer.alloc(16)))]));
    expect(await frameMd5s(opened, 'v')).toEqual(await frameMd5s(clear, 'v'));
    expect(await frameMd5s(opened, 'a')).toEqual(await frameMd5s(clear, 'a'));
  }, 120_000);

  it('is analysed from the bare media playlist and delivered decrypted: decodes clean, frame for frame the clear stream', async () => {
    const media = await analyzeMedia(`${env.site.origin}/streams-cbcs/cbcs/index.m3u8`, { engine: 'native' });
    const plan = [...media.plans.values()].find((p) => p.kind === 'video' && p.container === 'mp4' && !p.messaging)!;
    expect(plan, 'a video offer').toBeDefined();
    const res = await requestDownload(media.info.id, plan.itag);
    const body = await bodyOf(res);
    expect(res.status, body.toString('utf8', 0, 300)).toBe(200);
    const file = path.join(outDir, 'delivered.mp4');
    await writeFile(file, body);
    const { stderr } = await run('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-f', 'null', '-']);
    expect(stderr.trim()).toBe('');
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration,start_time:stream=codec_name,codec_tag_string', '-of', 'json', file]);
    const probed = JSON.parse(stdout) as { format: { duration: string; start_time: string }; streams: { codec_name: string; codec_tag_string: string }[] };
    expect(probed.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(probed.streams.map((s) => s.codec_tag_string).sort()).toEqual(['avc1', 'mp4a']);
    expect(Math.abs(Number(probed.format.duration) - CBCS_SECONDS)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(Number(probed.format.start_time))).toBeLessThanOrEqual(0.05);
    const clear = await joined(clearDir, 'clear-3.mp4');
    const [video, audio] = [await frameMd5s(file, 'v'), await frameMd5s(file, 'a')];
    expect(video).toEqual(await frameMd5s(clear, 'v'));
    expect(audio).toEqual(await frameMd5s(clear, 'a'));
    table.push(`cbcs fMP4 | ${probed.streams.map((s) => `${s.codec_name} (${s.codec_tag_string})`).join(' + ')} | ${probed.format.duration} s | ${probed.format.start_time} | ${video.length} video, ${audio.length} audio frames`);
  }, 120_000);

  it('a cut is decrypted too: its window keeps the init segment, which is read and written in clear', async () => {
    const media = await analyzeMedia(`${env.site.origin}/streams-cbcs/cbcs/index.m3u8`, { engine: 'native' });
    const plan = [...media.plans.values()].find((p) => p.kind === 'video' && p.container === 'mp4' && !p.messaging)!;
    const res = await requestDownload(media.info.id, plan.itag, { query: { start: '3', end: '5' } });
    const body = await bodyOf(res);
    expect(res.status, body.toString('utf8', 0, 300)).toBe(200);
    const file = path.join(outDir, 'cut.mp4');
    await writeFile(file, body);
    const { stderr } = await run('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-f', 'null', '-']);
    expect(stderr.trim()).toBe('');
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
    // A copy starts on the keyframe at or before 3 s (every 2 s, each segment opening on one) and ends at 5 s: the
    // margin segment fetched before is left out.
    expect(Math.abs(Number(stdout) - 3)).toBeLessThanOrEqual(0.1);
  }, 60_000);

  it('SAMPLE-AES over an init segment that names no protected track is refused at download as drm_protected', async () => {
    const media = await analyzeMedia(`${env.site.origin}/streams-cbcs/unsignalled/index.m3u8`, { engine: 'native' });
    const plan = [...media.plans.values()].find((p) => p.kind === 'video' && p.container === 'mp4' && !p.messaging)!;
    const res = await requestDownload(media.info.id, plan.itag);
    expect(res.status).toBeLessThan(500);
    expect(((await res.json()) as { code: string }).code).toBe('drm_protected');
  });

  it('the same segments under a key system other than identity (Widevine) stay refused as drm_protected', async () => {
    await expect(analyzeMedia(`${env.site.origin}/streams-cbcs/cbcs-widevine/index.m3u8`, { engine: 'native' })).rejects.toMatchObject({ code: 'drm_protected' });
  });
});
