/**
 * Convert- and delivery-stage benchmarks, against ffmpeg alone on the same local files, in the same run.
 *
 *   npm run bench                                           (every bench: analyze, fetch, convert)
 *   npx vitest run -c vitest.bench.config.ts bench/convert.bench.ts
 *
 * Prints a table of ratios and the delivery check; nothing here is asserted except byte-correctness
 * (performance is never a unit test). Media is generated once and cached beside the fixture site's bench files
 * (served by it under /big/bench-convert/).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { beforeAll, it } from 'vitest';
import { GET as downloadGet } from '@/app/api/download/[id]/route';
import { analyzeMedia } from '@/lib/media/analyze';
import { convertFiles } from '@/lib/media/ffmpeg';
import { CACHE_ROOT } from '@/test/fixtures/cache-dir';
import { ffmpeg } from '@/test/fixtures/run-tool';
import { startFixtureSite } from '@/test/fixtures/server';
import { printTable, timed } from './ratio-table';

const SECONDS = 60;
const CLIENTS = 50;
const mediaDir = path.join(CACHE_ROOT, 'big', 'bench-convert');
const work = mkdtempSync(path.join(tmpdir(), 'grabline-bench-convert-'));
const video = path.join(mediaDir, 'video-1080p.mp4');
const audio = path.join(mediaDir, 'audio.m4a');
/** ~100 MB: the merged clip, served by the fixture site for the delivery run. */
const clip = path.join(mediaDir, 'clip.mp4');
let outputs = 0;
const out = (ext: string) => path.join(work, `o${++outputs}.${ext}`);

async function ensureMedia(): Promise<void> {
  mkdirSync(mediaDir, { recursive: true });
  if (!existsSync(video)) {
    // Temporal noise keeps the encoder at the bitrate asked for: the clip lands near 100 MB.
    await ffmpeg(['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=25:duration=${SECONDS}`, '-vf', 'noise=alls=12:allf=t',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '13M', '-maxrate', '13M', '-bufsize', '26M', '-pix_fmt', 'yuv420p', video]);
  }
  if (!existsSync(audio)) {
    await ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`, '-c:a', 'aac', '-b:a', '192k', audio]);
  }
  if (!existsSync(clip)) await ffmpeg(['-i', video, '-i', audio, '-map', '0:v', '-map', '1:a', '-c', 'copy', '-movflags', '+faststart', clip]);
}

// As an extraction hands them over: the sources' codecs named (RFC 6381, as HLS/DASH manifests and yt-dlp give them).
const mergePlan = {
  kind: 'video', container: 'mp4', videoCodec: 'copy', audioCodec: 'copy', video: { vcodec: 'avc1.640028' }, audio: { acodec: 'mp4a.40.2' },
} as const;
/** The same merge when the extraction could not name the codecs: the probe decides. */
const unknownPlan = { ...mergePlan, video: { vcodec: 'unknown' }, audio: { acodec: 'unknown' } } as const;
const mp3Plan = { kind: 'audio', container: 'mp3', audioCodec: 'mp3', audioBitrate: 320 } as const;

async function sha256Of(body: ReadableStream<Uint8Array>): Promise<{ hash: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of body) {
    hash.update(chunk);
    bytes += chunk.byteLength;
  }
  return { hash: hash.digest('hex'), bytes };
}

async function deliverConcurrently(): Promise<string[]> {
  Object.assign(process.env, { MAX_DOWNLOADS_PER_IP: String(CLIENTS), DATA_DIR: path.join(work, 'data'), TEMP_DIR: path.join(work, 'temp') });
  const site = await startFixtureSite();
  process.env.MEDIA_FETCH_ALLOW = `127.0.0.1:${site.port}`;
  try {
    const media = await analyzeMedia(`${site.origin}/big/bench-convert/clip.mp4`, { engine: 'native' });
    const expected = await sha256Of((await import('node:fs')).createReadStream(clip) as unknown as ReadableStream<Uint8Array>);
    const itag = media.info.formats[0].itag;
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const req = new NextRequest(`http://localhost/api/download/${media.info.id}?itag=${itag}`);
        const res = await downloadGet(req, { params: Promise.resolve({ id: media.info.id }) });
        return sha256Of(res.body!);
      }),
    );
    const took = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const correct = results.filter((r) => r.hash === expected.hash && r.bytes === expected.bytes).length;
    const totalMiB = (expected.bytes * CLIENTS) / 1024 / 1024;
    if (correct !== CLIENTS) throw new Error(`only ${correct} of ${CLIENTS} downloads were byte-correct`);
    return [
      `delivery: ${CLIENTS} × ${(expected.bytes / 1024 / 1024).toFixed(1)} MiB (${itag}, ${media.plans.get(itag)!.action}) — ${correct}/${CLIENTS} byte-correct`,
      `  ${took.toFixed(1)} s, ${(totalMiB / took).toFixed(0)} MiB/s total; RSS growth ${((rssPeak - rssBefore) / 1024 / 1024).toFixed(0)} MiB (target < 300)`,
    ];
  } finally {
    await site.close();
  }
}

beforeAll(ensureMedia, 10 * 60_000);

it(`merge ${SECONDS} s 1080p H.264 + AAC and mp3 320k: ffmpeg vs convertFiles (best of 5, interleaved)`, async () => {
  // Five rounds: each run is well under a second, so one scheduler hiccup on a shared machine is a big share.
  for (let i = 0; i < 5; i++) {
    await timed('ffmpeg merge', () => ffmpeg(['-i', video, '-i', audio, '-map', '0:v', '-map', '1:a', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', out('mp4')]));
    await timed('ours merge', () => convertFiles({ plan: mergePlan, videoPath: video, audioPath: audio, output: out('mp4') }));
    await timed('ours merge, codecs unknown', () => convertFiles({ plan: unknownPlan, videoPath: video, audioPath: audio, output: out('mp4') }));
    await timed('ffmpeg mp3', () => ffmpeg(['-i', audio, '-vn', '-c:a', 'libmp3lame', '-b:a', '320k', '-f', 'mp3', out('mp3')]));
    await timed('ours mp3', () => convertFiles({ plan: mp3Plan, audioPath: audio, output: out('mp3') }));
  }
  printTable('convert: ffmpeg alone = reference (ratio = ours ÷ ffmpeg, lower is better)', [
    { label: 'merge 1080p + AAC, -c copy, faststart', reference: 'ffmpeg merge', candidate: 'ours merge', target: '≤ 1.3', as: 'time' },
    { label: 'same, codecs unknown (probed)', reference: 'ffmpeg merge', candidate: 'ours merge, codecs unknown', target: '—', as: 'time' },
    { label: 'mp3 320k', reference: 'ffmpeg mp3', candidate: 'ours mp3', target: '≤ 1.2', as: 'time' },
  ]);
});

it(`delivery: ${CLIENTS} concurrent downloads of the ~100 MB clip`, async () => {
  const delivery = await deliverConcurrently();
  process.stdout.write(['', `### delivery`, `clip: ${(statSync(clip).size / 1024 / 1024).toFixed(1)} MiB`, ...delivery, ''].join('\n') + '\n');
  rmSync(work, { recursive: true, force: true });
});
