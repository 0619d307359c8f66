import { matchDefaultFormat } from '@/lib/client/match-default-format';
import type { Format } from '@/lib/media/types';
import type { Preset } from '@/lib/presets/schemas';

/**
 * Which listed format a preset means on the result card: an MP3 at its bitrate (the 128 kbit/s file only when it
 * says 128k), another audio container as listed, a video in its container at its quality or the nearest below
 * (the highest for "best"). Null when nothing in its container is offered, so the card keeps its choice.
 */
export function formatIndexForPreset(formats: Format[], preset: Pick<Preset, 'quality' | 'format' | 'audioBitrate'>): number | null {
  if (preset.format === 'mp3') {
    const mp3 = formats.map((format, index) => ({ format, index })).filter(({ format }) => format.ext.toLowerCase() === 'mp3');
    const small = mp3.find(({ format }) => format.itag === 'mp3-128');
    const large = mp3.find(({ format }) => format.itag !== 'mp3-128');
    const picked = preset.audioBitrate === '128k' ? (small ?? large) : (large ?? small);
    return picked ? picked.index : null;
  }
  if (preset.format !== 'mp4' && preset.format !== 'webm') {
    const index = formats.findIndex((format) => format.ext.toLowerCase() === preset.format);
    return index >= 0 ? index : null;
  }
  if (preset.quality !== 'best') return matchDefaultFormat(formats, { defaultQuality: preset.quality, defaultFormat: preset.format });
  const videos = formats
    .map((format, index) => ({ index, ext: format.ext.toLowerCase(), height: Number.parseInt(format.quality, 10) || 0, itag: format.itag }))
    .filter((candidate) => candidate.ext === preset.format && candidate.itag !== 'mp4-messaging');
  if (videos.length === 0) return null;
  return videos.reduce((best, candidate) => (candidate.height > best.height ? candidate : best)).index;
}

/** The subtitle language a preset muxes, when this media offers it (by language, or by its base language). */
export function subsForPreset(preset: Pick<Preset, 'subs'>, languages: string[]): string | null {
  if (!preset.subs) return null;
  const wanted = preset.subs.toLowerCase();
  return languages.find((language) => language.toLowerCase() === wanted)
    ?? languages.find((language) => language.toLowerCase().split('-')[0] === wanted.split('-')[0])
    ?? null;
}
