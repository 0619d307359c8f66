import { z } from 'zod';
import { deliveryQueryShape } from '@/lib/media/deliver/schemas';
import { LOUDNESS_TARGETS } from '@/lib/media/loudness/targets';

/**
 * The cobalt API's shapes (its docs/api.md, v10+), so clients written for a cobalt instance — shortcuts, bots,
 * apps — talk to Grabline unchanged. Fields we have no counterpart for are accepted and have no effect (listed in
 * docs/cobalt-api.md); an unknown field is ignored, as older and newer clients send ones the other side lacks.
 * No server-only imports here: the OpenAPI document is generated from these.
 */

const VIDEO_QUALITIES = ['max', '4320', '2160', '1440', '1080', '720', '480', '360', '240', '144'] as const;
const AUDIO_FORMATS = ['best', 'mp3', 'ogg', 'wav', 'opus'] as const;
const AUDIO_BITRATES = ['320', '256', '128', '96', '64', '8'] as const;

// Some clients send the numbers of the string enums as numbers (videoQuality: 720).
const numberish = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.enum(values));

export const cobaltRequestSchema = z.object({
  url: z.string().trim().min(1).max(4096).meta({ description: 'The link to download', example: 'https://youtu.be/dQw4w9WgXcQ' }),
  videoQuality: numberish(VIDEO_QUALITIES).default('1080').meta({ description: 'The highest video height wanted; max is the best there is' }),
  audioFormat: z.enum(AUDIO_FORMATS).default('mp3').meta({ description: 'best keeps the source sound where it can (M4A, else Opus, else MP3); ogg is Opus' }),
  audioBitrate: numberish(AUDIO_BITRATES).default('128').meta({ description: 'For MP3: 320 or 256 gives 320 kbit/s, lower gives 128 kbit/s' }),
  filenameStyle: z.enum(['classic', 'pretty', 'basic', 'nerdy']).default('classic'),
  downloadMode: z.enum(['auto', 'audio', 'mute']).default('auto').meta({ description: 'audio: the sound only; mute: the video without its sound' }),
  youtubeVideoCodec: z.enum(['h264', 'av1', 'vp9']).default('h264').meta({ description: 'vp9 prefers the WebM offers; h264 and av1 the MP4 ones' }),
  youtubeVideoContainer: z.enum(['auto', 'mp4', 'webm', 'mkv']).default('auto').meta({ description: 'webm prefers the WebM offers; mkv is answered with MP4' }),
  youtubeDubLang: z.string().max(16).optional(),
  youtubeDubBrowserLang: z.boolean().optional(),
  youtubeBetterAudio: z.boolean().optional(),
  youtubeHLS: z.boolean().optional(),
  alwaysProxy: z.boolean().default(false).meta({ description: 'Always a tunnel: never a redirect, not even to the file the link itself names' }),
  disableMetadata: z.boolean().optional(),
  localProcessing: z.union([z.boolean(), z.enum(['disabled', 'preferred', 'forced'])]).optional()
    .meta({ description: 'Accepted; the server always does the processing (it never answers local-processing)' }),
  tiktokFullAudio: z.boolean().optional(),
  tiktokH265: z.boolean().optional(),
  allowH265: z.boolean().optional(),
  twitterGif: z.boolean().optional(),
  convertGif: z.boolean().optional(),
  subtitleLang: z.string().max(16).optional(),
  // Grabline's own, not cobalt's (a cobalt instance ignores it): the media API's loudness, with its default.
  loudness: deliveryQueryShape.loudness.describe(
    'Grabline’s own (cobalt has no such field): normalise the sound (two-pass EBU R128, true peak ≤ -1 dBTP, the picture copied) to streaming -14 LUFS, podcast -16 or broadcast -23; off keeps it as the source has it (default: the key owner’s setting, else off). A normalised file is always a tunnel',
  ),
});
export type CobaltRequest = z.infer<typeof cobaltRequestSchema>;

export const cobaltFileSchema = z.object({
  status: z.enum(['tunnel', 'redirect']),
  url: z.string().meta({ description: 'tunnel: a signed link on this server that streams the file; redirect: the file the link itself names' }),
  filename: z.string(),
});

export const cobaltPickerSchema = z.object({
  status: z.literal('picker'),
  audio: z.string().optional().meta({ description: 'A photo slideshow’s sound, as a tunnel link' }),
  audioFilename: z.string().optional(),
  picker: z.array(z.object({
    type: z.enum(['photo', 'video', 'gif']),
    url: z.string().meta({ description: 'A tunnel link to the item' }),
    thumb: z.string().optional(),
  })),
});

export const cobaltErrorSchema = z.object({
  status: z.literal('error'),
  error: z.object({
    code: z.string().meta({ example: 'error.api.link.invalid' }),
    context: z.object({ service: z.string().optional(), limit: z.number().optional() }).optional(),
  }),
});
export type CobaltError = z.infer<typeof cobaltErrorSchema>;

export const cobaltResponseSchema = z.union([cobaltFileSchema, cobaltPickerSchema, cobaltErrorSchema]);
export type CobaltResponse = z.infer<typeof cobaltResponseSchema>;

/** GET /api/cobalt/ — what cobalt's `GET /` answers about an instance. */
export const cobaltInstanceSchema = z.object({
  cobalt: z.object({
    version: z.string(),
    url: z.string(),
    startTime: z.string().meta({ description: 'Unix milliseconds' }),
    durationLimit: z.number().meta({ description: 'seconds' }),
    services: z.array(z.string()),
  }),
  git: z.object({ commit: z.string(), branch: z.string(), remote: z.string() }),
});
export type CobaltInstance = z.infer<typeof cobaltInstanceSchema>;

/** GET /api/cobalt/tunnel: a tunnel link as this server signed it. */
export const cobaltTunnelQuerySchema = z.object({
  id: z.string().min(1).max(64),
  itag: z.string().min(1).max(64),
  ext: z.string().max(10).optional(),
  exp: z.coerce.number().int().positive(),
  /** The owner the link was made for ('user:<id>', 'ip:<hash>'); signed with the rest. */
  own: z.string().min(1).max(80).optional(),
  /** The loudness the sound is normalised to; signed with the rest. */
  loudness: z.enum(LOUDNESS_TARGETS).optional(),
  sig: z.string().min(1).max(64),
});
export type CobaltTunnelQuery = z.infer<typeof cobaltTunnelQuerySchema>;
