import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg } from '@/test/fixtures/run-tool';
import { chaptersDocument, fileFacts, probeChapters } from './chapters';

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'grabline-chapters-'));
  const meta = path.join(dir, 'meta.txt');
  writeFileSync(meta, [
    ';FFMETADATA1', '[CHAPTER]', 'TIMEBASE=1/1000', 'START=0', 'END=2000', 'title=Intro & welcome',
    '[CHAPTER]', 'TIMEBASE=1/1000', 'START=2000', 'END=5000', 'title=The <main> part', '',
  ].join('\n'));
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=5'];
  await ffmpeg([...tone, '-i', meta, '-map_metadata', '1', '-map_chapters', '1', '-c:a', 'libmp3lame', '-b:a', '64k', path.join(dir, 'with.mp3')]);
  await ffmpeg([...tone, '-i', meta, '-map_chapters', '1', '-c:a', 'aac', '-movflags', '+faststart', path.join(dir, 'with.m4a')]);
  await ffmpeg([...tone, '-c:a', 'aac', path.join(dir, 'without.m4a')]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("an episode's chapters", () => {
  it.each(['with.mp3', 'with.m4a'])('are read from the bytes of %s on a pipe', async (name) => {
    const file = path.join(dir, name);
    const facts = await probeChapters(createReadStream(file), statSync(file).size);
    expect(facts.chapters.map((c) => c.title)).toEqual(['Intro & welcome', 'The <main> part']);
    expect(facts.chapters[0].startTime).toBe(0);
    expect(facts.chapters[1].startTime).toBeCloseTo(2, 1);
    expect(facts.chapters[1].endTime).toBeCloseTo(5, 1);
    expect(facts.durationSeconds).toBeGreaterThan(4.5);
    expect(facts.durationSeconds).toBeLessThan(5.5);
  });

  it('are none for a file without any, whose length is still read', async () => {
    const facts = await probeChapters(createReadStream(path.join(dir, 'without.m4a')));
    expect(facts.chapters).toEqual([]);
    expect(facts.durationSeconds).toBeGreaterThan(4.5);
  });

  it('reject what is not media', async () => {
    writeFileSync(path.join(dir, 'junk.bin'), 'not media at all');
    await expect(probeChapters(createReadStream(path.join(dir, 'junk.bin')))).rejects.toThrow();
  });

  it('are put in time order, untitled ones numbered, nonsense dropped', () => {
    const facts = fileFacts({
      formatName: 'mp3', duration: 20.5, size: 0, streams: [],
      chapters: [{ start: 10, end: 5, title: 'B' }, { start: 0, end: 10, title: '' }, { start: NaN, end: 1, title: 'x' }],
    });
    expect(facts).toEqual({ chapters: [{ startTime: 0, endTime: 10, title: 'Chapter 2' }, { startTime: 10, title: 'B' }], durationSeconds: 20.5 });
    expect(chaptersDocument(facts.chapters)).toEqual({ version: '1.2.0', chapters: facts.chapters });
  });
});
