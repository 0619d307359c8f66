import { z, type ZodType } from 'zod';
import { AppError } from '@/lib/errors';
import { chapterFieldsOf } from './chapter-fields';
import { bulkChoiceOf } from './options';
import { presetParamSchema, type PresetOptions } from './schemas';

/**
 * `preset=<name>` beside a request's own options. The preset's options are laid under what the caller sent, so any
 * option sent explicitly wins; what neither says takes the request's defaults.
 */

type Sent = Record<string, unknown>;

/** The request as the caller sent it: its preset's name, the fields sent beside it, and the fields with defaults. */
export interface WithPreset<T> {
  preset?: string;
  sent: Sent;
  request: T;
}

/**
 * A route body that may name a preset: validated as `schema` at once (a bad body is refused before anything is
 * charged), and remembering which fields the caller really sent, which a parsed body with defaults cannot tell.
 */
export function withPreset<T>(schema: ZodType<T>) {
  return z.looseObject({ preset: presetParamSchema.optional() }).transform((raw, ctx): WithPreset<T> => {
    const { preset, ...sent } = raw;
    const parsed = schema.safeParse(sent);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { preset, sent, request: parsed.data };
  });
}

const VIDEO = new Set(['mp4', 'webm']);

/** A download request's fields for a preset, given what the caller sent (a format sent decides which quality applies). */
export function downloadFieldsOf(preset: PresetOptions, sent: Sent): Sent {
  const format = typeof sent.format === 'string' ? sent.format : preset.format;
  const cuts = sent.start !== undefined || sent.end !== undefined;
  return {
    format: preset.format,
    // An MP3's quality is its bitrate; a video's its height cap; the other audio formats have one offer each.
    quality: format === 'mp3' ? preset.audioBitrate : preset.quality,
    embedMetadata: preset.embedMetadata,
    loudness: preset.loudness,
    ...(cuts ? { exact: preset.exact } : {}),
    ...(preset.subs && VIDEO.has(format) ? { subs: preset.subs } : {}),
    ...libraryFieldsOf(preset),
    ...chapterFieldsOf(preset),
  };
}

/** A preset that saves to the library asks it for every file, named by its own template when it has one. */
function libraryFieldsOf(preset: PresetOptions): Sent {
  return {
    ...(preset.saveToLibrary ? { saveToLibrary: true } : {}),
    ...(preset.libraryTemplate ? { libraryTemplate: preset.libraryTemplate } : {}),
  };
}

/**
 * A batch's quality and format for a preset: a quality above 1080p becomes 1080p, and a preset in a container a
 * batch cannot make is refused unless the caller sends a format.
 */
export function bulkFieldsOf(preset: PresetOptions, name: string, sent: Sent): Sent {
  const format = typeof sent.format === 'string' ? sent.format : preset.format;
  const choice = bulkChoiceOf(preset, format);
  if (!choice) {
    throw new AppError('preset_unsupported', `The preset "${name}" makes ${format.toUpperCase()}, which a batch cannot make (MP4, WebM or MP3)`, { name });
  }
  return { ...choice, loudness: preset.loudness, ...libraryFieldsOf(preset), ...chapterFieldsOf(preset) };
}

/** How the API document shows such a body: the request's own fields and `preset`. */
export const documentedWithPreset = <S extends z.ZodObject>(schema: S) => schema.safeExtend({ preset: presetParamSchema.optional() });
