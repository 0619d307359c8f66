import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoBoxes } from '@/lib/media/formats/iso-boxes';
import { ffmpeg } from '@/test/fixtures/run-tool';
import { opensOnSyncSample } from './sync-start';

let dir: string;
let init: Buffer;
/** Each fragment (moof + mdat) of a file cut every 0.5 s and at each keyframe (every 2 s): one in four opens on one. */
let fragments: Buffer[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'grabline-sync-'));
  const file = path.join(dir, 'frag.mp4');
  await ffmpeg([
    '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25:duration=4', '-f', 'lavfi', '-i', 'sine=duration=4',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50', '-keyint_min', '50', '-sc_threshold', '0', '-c:a', 'aac',
    '-frag_duration', '500000', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', file,
  ]);
  const data = await readFile(file);
  const boxes = isoBoxes(data);
  const moov = boxes.find((b) => b.type === 'moov')!;
  init = data.subarray(0, moov.end);
  fragments = boxes.filter((b) => b.type === 'moof').map((moof) => {
    const next = boxes.find((b) => b.start > moof.start && b.type === 'moof');
    return data.subarray(moof.start, next ? next.start : data.length);
  });
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('opensOnSyncSample', () => {
  it('is true only for fragments whose picture opens on a keyframe (every 2 s of 0.5 s fragments)', () => {
    const opening = fragments.map((f) => opensOnSyncSample(f, init));
    // Fragments at 0, 0.5 … 3.5 s; keyframes at 0 and 2 s.
    expect(opening).toEqual([true, false, false, false, true, false, false, false]);
  });

  it('anything that is not a fragment counts as not opening on one', () => {
    expect(opensOnSyncSample(init, init)).toBe(false);
    expect(opensOnSyncSample(Buffer.from('not a box at all'), init)).toBe(false);
  });
});
