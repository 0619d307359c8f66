import { describe, expect, it } from 'vitest';
import { chaptersWithin, chaptersWithMarks, chaptersWithout, keptRanges, normaliseChapters, shiftedTime } from './chapters';
import { chaptersFromDescription } from './description';
import type { Extraction } from '@/lib/media/types';
import { withChapters } from './media-chapters';

describe('chapters', () => {
  it('are put in order, each ending where the next begins, the last at the duration; nonsense is dropped', () => {
    expect(normaliseChapters([
      { start: 60, title: 'Two' }, { start: 0, end: 999, title: ' One\n' }, { start: Number.NaN, title: 'x' }, { start: 200, title: 'past the end' },
    ], 120)).toEqual([{ start: 0, end: 60, title: 'One' }, { start: 60, end: 120, title: 'Two' }]);
    expect(normaliseChapters([{ start: 0, end: 10, title: '' }])).toEqual([{ start: 0, end: 10, title: 'Chapter 1' }]);
  });

  it('of a clip are those inside it, shifted and cut at its edges', () => {
    const chapters = [{ start: 0, end: 10, title: 'A' }, { start: 10, end: 20, title: 'B' }, { start: 20, end: 30, title: 'C' }];
    expect(chaptersWithin(chapters, 5, 15)).toEqual([{ start: 0, end: 5, title: 'A' }, { start: 5, end: 10, title: 'B' }]);
    expect(chaptersWithin(chapters, 20, 30)).toEqual([{ start: 0, end: 10, title: 'C' }]);
  });

  it('move up by what was removed before them', () => {
    const removed = [{ start: 5, end: 8 }, { start: 25, end: 26 }];
    expect(keptRanges(removed, 30)).toEqual([{ start: 0, end: 5 }, { start: 8, end: 25 }, { start: 26, end: 30 }]);
    expect(shiftedTime(6, removed)).toBe(5);
    expect(shiftedTime(27, removed)).toBe(23);
    expect(chaptersWithout([{ start: 0, end: 10, title: 'A' }, { start: 10, end: 30, title: 'B' }], removed))
      .toEqual([{ start: 0, end: 7, title: 'A' }, { start: 7, end: 26, title: 'B' }]);
    // A chapter wholly inside a removed stretch is gone.
    expect(chaptersWithout([{ start: 0, end: 5, title: 'A' }, { start: 5, end: 8, title: 'Ad' }, { start: 8, end: 30, title: 'B' }], removed).map((c) => c.title)).toEqual(['A', 'B']);
  });

  it('take marked stretches as chapters of their own, splitting the chapter around them', () => {
    const marked = chaptersWithMarks([{ start: 0, end: 20, title: 'A' }, { start: 20, end: 30, title: 'B' }], [{ start: 5, end: 8, title: 'Sponsor' }], 30, 'Video');
    expect(marked).toEqual([
      { start: 0, end: 5, title: 'A' }, { start: 5, end: 8, title: 'Sponsor' }, { start: 8, end: 20, title: 'A' }, { start: 20, end: 30, title: 'B' },
    ]);
    expect(chaptersWithMarks([], [{ start: 0, end: 3, title: 'Intro' }], 10, 'Video'))
      .toEqual([{ start: 0, end: 3, title: 'Intro' }, { start: 3, end: 10, title: 'Video' }]);
  });
});

describe('a description timestamp list', () => {
  it('becomes chapters when it starts at 0:00 with at least three rising times', () => {
    const text = 'My video\n\n0:00 Intro\n1:30 - The setup\n(12:05) Results\nThe end — 1:02:03\nThanks for watching';
    expect(chaptersFromDescription(text, 4000)).toEqual([
      { start: 0, end: 90, title: 'Intro' }, { start: 90, end: 725, title: 'The setup' },
      { start: 725, end: 3723, title: 'Results' }, { start: 3723, end: 4000, title: 'The end' },
    ]);
  });

  it('is not a chapter list when it does not start at zero or is too short', () => {
    expect(chaptersFromDescription('1:00 a\n2:00 b\n3:00 c', 400)).toEqual([]);
    expect(chaptersFromDescription('0:00 a\n2:00 b', 400)).toEqual([]);
    expect(chaptersFromDescription(undefined, 400)).toEqual([]);
  });

  it('is used only when the platform gives no chapters', () => {
    const base: Extraction = { id: 'x', url: 'https://example.com', title: 't', platform: 'youtube', kind: 'video', sources: [], engine: 'ytdlp', duration: 300 };
    const description = '0:00 a\n1:00 b\n2:00 c';
    expect(withChapters({ ...base, description }).chapters?.map((c) => c.title)).toEqual(['a', 'b', 'c']);
    expect(withChapters({ ...base, description, chapters: [{ start: 0, end: 300, title: 'own' }] }).chapters?.map((c) => c.title)).toEqual(['own']);
  });
});
