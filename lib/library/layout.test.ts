import { describe, expect, it } from 'vitest';
import { freeFileName, placeFile, seasonOf, sidecarNames } from './layout';
import { DEFAULT_TEMPLATE } from './template';

const values = { creator: 'Jane: Doe', title: 'Trip?', id: 'abc', upload_date: '20240309', ext: 'mp4', platform: 'youtube' };
const savedAt = Date.UTC(2026, 0, 1);

describe('placeFile', () => {
  it('plain: the template\'s folders, made safe, the extension added when the template leaves it out', () => {
    expect(placeFile(DEFAULT_TEMPLATE, 'plain', values, savedAt)).toEqual({ folders: ['Jane_ Doe'], fileName: '2024-03-09 Trip_ [abc].mp4' });
    expect(placeFile('%(platform)s/%(title)s', 'plain', values, savedAt)).toEqual({ folders: ['youtube'], fileName: 'Trip_.mp4' });
  });
  it('media-server: creator / Season year / the template\'s file name', () => {
    expect(placeFile(DEFAULT_TEMPLATE, 'media-server', values, savedAt)).toEqual({
      folders: ['Jane_ Doe', 'Season 2024'], fileName: '2024-03-09 Trip_ [abc].mp4', show: { folders: ['Jane_ Doe'], season: 2024 },
    });
    expect(placeFile('%(title)s', 'media-server', { title: 'x', ext: 'm4a' }, savedAt).folders).toEqual(['Unknown', 'Season 2026']);
  });
  it('takes the season from the upload date, or the year saved', () => {
    expect(seasonOf({ upload_date: '1999-12-31' }, savedAt)).toBe(1999);
    expect(seasonOf({}, savedAt)).toBe(2026);
  });
  it('names sidecars after the file', () => {
    expect(sidecarNames('Ep 1.mp4')).toEqual({ nfo: 'Ep 1.nfo', thumb: 'Ep 1-thumb.jpg' });
  });
  it('numbers a taken name, comparing without case, sidecars included', () => {
    expect(freeFileName('Ep.mp4', ['ep.MP4'], false)).toBe('Ep (2).mp4');
    expect(freeFileName('Ep.mp4', ['Ep.nfo'], true)).toBe('Ep (2).mp4');
    expect(freeFileName('Ep.mp4', ['Ep.nfo'], false)).toBe('Ep.mp4');
  });
});
