/**
 * Convert-stage benchmarks, against ffmpeg alone on the same local files, in the same run: the merge of video and
 * audio into MP4 (goal ≤ 1.3× `ffmpeg -c copy`) and the MP3 conversion (goal ≤ 1.2× ffmpeg's own encode).
 * What concurrent downloads cost the server's memory is bench/download-memory.bench.ts (the production server).
 *
 *   npm run bench                                           (every bench)
 *   npx vitest run -c vitest.bench.config.ts bench/convert.bench.ts
 *
 * Prints a table of ratios; nothing here is asserted (performance is never a unit test). Media is generated once
 * and cached under the fixtures' cache.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, it } from 'vitest';
import { convertFiles } from '@/lib/media/ffmpeg';
import { CACHE_ROOT } from '@/test/fixtures/cache-dir';
import { ffmpeg } from '@/test/fixtures/run-tool';
import { printTable, timed } from './ratio-table';

const SECONDS = 60;
const mediaDir = path.join(CACHE_ROOT, 'big', 'bench-convert');
const work = mkdtempSync(path.join(tmpdir(), 'grabline-bench-convert-'));
const video = path.join(mediaDir, 'video-1080p.mp4');
const audio = path.join(mediaDir, 'audio.m4a');
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
}

// As an extraction hands them over: the sources' codecs named (RFC 6381, as HLS/DASH manifests and yt-dlp give them).
const mergePlan = {
  kind: 'video', container: 'mp4', videoCodec: 'copy', audioCodec: 'copy', video: { vcodec: 'avc1.640028' }, audio: { acodec: 'mp4a.40.2' },
} as const;
/** The same merge when the extraction could not name the codecs: the probe decides. */
const unknownPlan = { ...mergePlan, video: { vcodec: 'unknown' }, audio: { acodec: 'unknown' } } as const;
const mp3Plan = { kind: 'audio', container: 'mp3', audioCodec: 'mp3', audioBitrate: 320, audio: { acodec: 'mp4a.40.2', duration: SECONDS } } as const;

beforeAll(ensureMedia, 10 * 60_000);

it(`merge ${SECONDS} s 1080p H.264 + AAC and mp3 320k: ffmpeg vs convertFiles (best of 5, interleaved)`, async () => {
  // Five rounds: each run is well under a second, so one scheduler hiccup on a shared machine is a big share.
  for (let i = 0; i < 5; i++) {
    await timed('ffmpeg merge', () => ffmpeg(['-i', video, '-i', audio, '-map', '0:v', '-map', '1:a', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', out('mp4')]));
    await timed('ours merge', () => convertFiles({ plan: mergePlan, videoPath: video, audioPath: audio, output: out('mp4') }));
    await timed('ours merge, codecs unknown', () => convertFiles({ plan: unknownPlan, videoPath: video, audioPath: audio, output: out('mp4') }));
    await timed('ffmpeg mp3', () => ffmpeg(['-i', audio, '-vn', '-c:a', 'libmp3lame', '-b:a', '320k', '-f', 'mp3', out('mp3')]));
    // With a progress bar, as a download job asks for it.
    await timed('ours mp3', () => convertFiles({ plan: mp3Plan, audioPath: audio, output: out('mp3'), onProgress: () => undefined }));
  }
  printTable('convert: ffmpeg alone = reference (ratio = ours ÷ ffmpeg, lower is better)', [
    { label: 'merge 1080p + AAC, -c copy, faststart', reference: 'ffmpeg merge', candidate: 'ours merge', target: '≤ 1.3', as: 'time' },
    { label: 'same, codecs unknown (probed)', reference: 'ffmpeg merge', candidate: 'ours merge, codecs unknown', target: '—', as: 'time' },
    { label: 'mp3 320k', reference: 'ffmpeg mp3', candidate: 'ours mp3', target: '≤ 1.2', as: 'time' },
  ]);
});

afterAll(() => rmSync(work, { recursive: true, force: true }));
