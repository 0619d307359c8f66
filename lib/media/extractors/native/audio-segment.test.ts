import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAudioSegment } from './audio-segment';
import { probeBytes } from './probe';

const run = promisify(execFile);
let dir: string;

/** Three seconds of ffmpeg's test tones (the noise seeded, so every run encodes the same bytes), encoded as asked, written to `name`; its bytes. */
async function encode(name: string, args: string[]): Promise<Buffer> {
  const file = path.join(dir, name);
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=3', '-f', 'lavfi', '-i', 'anoisesrc=d=3:a=0.3:r=48000:seed=7',
    '-filter_complex', '[0:a][1:a]amerge=inputs=2[a]', '-map', '[a]', ...args, file]);
  return readFileSync(file);
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'grabline-audio-segment-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('describeAudioSegment reads what ffprobe reads, without ffprobe', () => {
  it.each([
    ['AAC in MPEG-TS', 'a.ts', ['-c:a', 'aac', '-b:a', '128k', '-f', 'mpegts'], 'aac', 2],
    ['AAC in MPEG-TS, mono at 64k', 'mono.ts', ['-ac', '1', '-c:a', 'aac', '-b:a', '64k', '-f', 'mpegts'], 'aac', 1],
    ['packed ADTS AAC', 'a.aac', ['-c:a', 'aac', '-b:a', '96k', '-f', 'adts'], 'aac', 2],
    ['packed MP3 with an ID3 tag', 'a.mp3', ['-c:a', 'libmp3lame', '-b:a', '160k', '-id3v2_version', '4', '-f', 'mp3'], 'mp3', 2],
    ['MP3 in MPEG-TS', 'mp3.ts', ['-c:a', 'libmp3lame', '-b:a', '112k', '-f', 'mpegts'], 'mp3', 2],
  ] as const)('%s', async (_name, file, args, acodec, channels) => {
    const bytes = await encode(file, [...args]);
    const ours = describeAudioSegment(bytes);
    const probed = await probeBytes(bytes);
    expect(ours).toMatchObject({ acodec, channels });
    expect(probed).toMatchObject({ acodec, channels });
    // The same figure ffprobe gives (its parser averages the frames' own sizes), within one kbit/s.
    const reference = probed.audioBitrate ?? probed.bitrate!;
    expect(Math.abs(ours!.kbps - reference), `ours ${ours!.kbps}, ffprobe ${reference}`).toBeLessThanOrEqual(1);
  });

  it('leaves video, AC-3 and unreadable bytes to ffprobe', async () => {
    const video = path.join(dir, 'v.ts');
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=1',
      '-f', 'lavfi', '-i', 'sine=duration=1', '-c:v', 'libx264', '-c:a', 'aac', '-f', 'mpegts', video]);
    expect(describeAudioSegment(readFileSync(video))).toBeNull();
    expect(describeAudioSegment(await encode('a.ac3', ['-c:a', 'ac3', '-f', 'ac3']))).toBeNull();
    expect(describeAudioSegment(await encode('ac3.ts', ['-c:a', 'ac3', '-f', 'mpegts']))).toBeNull();
    expect(describeAudioSegment(Buffer.from('#EXTM3U\n#EXT-X-ENDLIST\n'))).toBeNull();
    const aac = await encode('cut.aac', ['-c:a', 'aac', '-b:a', '96k', '-f', 'adts']);
    // A few frames say too little of a variable bitrate.
    expect(describeAudioSegment(aac.subarray(0, 1200))).toBeNull();
  });
});
