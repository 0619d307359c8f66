import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probeMedia } from './probe';
import { runFfmpeg, runningFfmpegCount } from './run-ffmpeg';

const dir = mkdtempSync(path.join(tmpdir(), 'grabline-ffmpeg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tone = (seconds: number, file: string) =>
  ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`, '-c:a', 'pcm_s16le', '-f', 'wav', '-y', file];

describe('runFfmpeg', () => {
  it('reports the output clock as it goes, rising to the duration', async () => {
    const seen: number[] = [];
    const file = path.join(dir, 'tone.wav');
    await runFfmpeg(tone(3, file), { onProgress: (s) => seen.push(s) });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBeCloseTo(3, 1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect((await probeMedia(file)).duration).toBeCloseTo(3, 1);
  });

  it('kills ffmpeg on abort and settles only once it has exited', async () => {
    const controller = new AbortController();
    // A realtime-paced input (-re) that would run for a minute.
    const run = runFfmpeg(['-re', ...tone(60, path.join(dir, 'long.wav'))], { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 300));
    expect(runningFfmpegCount()).toBe(1);
    const started = Date.now();
    controller.abort(new Error('client gone'));
    await expect(run).rejects.toThrow('client gone');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(runningFfmpegCount()).toBe(0);
  });

  it('rejects a failed conversion with a generic message', async () => {
    await expect(runFfmpeg(['-protocol_whitelist', 'file,pipe', '-i', path.join(dir, 'missing.mp4'), '-f', 'null', '-'])).rejects.toMatchObject({
      code: 'internal', message: 'Conversion failed',
    });
  });

  it.each(['http://127.0.0.1/x.mp4', 'https://example.com/a.m3u8', 'tcp://10.0.0.1:80', 'concat:a|b'])('never hands ffmpeg a network input (%s)', async (url) => {
    await expect(runFfmpeg(['-i', url, '-f', 'null', '-'])).rejects.toMatchObject({ code: 'internal' });
    expect(runningFfmpegCount()).toBe(0);
  });
});
