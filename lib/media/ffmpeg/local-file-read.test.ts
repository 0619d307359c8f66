import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AppError } from '@/lib/errors';
import { probeFacts } from '@/lib/media/extractors/native/probe';

import { convertFiles } from './convert';
import { probeMedia } from './probe';

/**
 * A source's bytes reach ffmpeg as a file we wrote. If those bytes are a playlist or a list file naming
 * another local file, neither ffprobe nor ffmpeg may open it: the server's disk (and other users' prepared
 * files) must never come back as someone's download.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'grabline-lfr-'));
const secret = path.join(dir, 'secret.mp3');
const disguised: Record<string, string> = {};

beforeAll(() => {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=1000:duration=3',
    '-c:a', 'libmp3lame', '-y', secret]);
  const bodies = {
    hls: `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:3,\nfile:${secret}\n#EXT-X-ENDLIST\n`,
    hlsRelative: '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:3,\nsecret.mp3\n#EXT-X-ENDLIST\n',
    ffconcat: `ffconcat version 1.0\nfile '${secret}'\n`,
  };
  for (const [name, body] of Object.entries(bodies)) {
    // Named like our temp files: no extension, so ffmpeg can only go by the bytes.
    disguised[name] = path.join(dir, `${name}-0b6d3c1e`);
    writeFileSync(disguised[name], body);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ffmpeg never follows a file to another file', () => {
  it('the converter refuses to probe a playlist posing as media', async () => {
    for (const file of Object.values(disguised)) {
      await expect(probeMedia(file)).rejects.toBeInstanceOf(AppError);
      await expect(probeFacts({ path: file })).rejects.toBeInstanceOf(AppError);
    }
  });

  it('the converter produces nothing from it, with or without a probe first', async () => {
    for (const [name, file] of Object.entries(disguised)) {
      const probed = path.join(dir, `${name}-probed.mp3`);
      await expect(convertFiles({ plan: { kind: 'audio', container: 'mp3', audioCodec: 'mp3' }, audioPath: file, output: probed }))
        .rejects.toBeInstanceOf(AppError);
      // The extraction named the codec, so no probe runs and ffmpeg itself meets the file.
      const hinted = path.join(dir, `${name}-hinted.mp3`);
      await expect(convertFiles({ plan: { kind: 'audio', container: 'mp3', audio: { acodec: 'mp3' } }, audioPath: file, output: hinted }))
        .rejects.toBeInstanceOf(AppError);
      expect(existsSync(probed) && existsSync(hinted)).toBe(false);
    }
  });

  it('still reads real media', async () => {
    expect((await probeMedia(secret)).duration).toBeCloseTo(3, 0);
    const out = path.join(dir, 'copy.mp3');
    await convertFiles({ plan: { kind: 'audio', container: 'mp3' }, audioPath: secret, output: out });
    expect((await probeMedia(out)).streams[0].codecName).toBe('mp3');
  });
});
