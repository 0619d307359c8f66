import { AppError } from '@/lib/errors';
import type { LoudnessChoice, LoudnessTarget } from '@/lib/media/loudness/targets';
import { chapterKey, type SplitMode, type SponsorDelivery } from '@/lib/media/chapters/delivery';
import type { SponsorChoice } from '@/lib/media/sponsorblock/categories';
import { parseTimeText } from './time-text';

/** A cut of the media, in seconds of the source's timeline. */
export interface TrimRange {
  start: number;
  end: number;
  /** Frame-accurate: the picture is encoded from `start`. Otherwise the cut starts on the keyframe at or before it. */
  exact: boolean;
}

/** How a prepared file is made beyond its offer: a cut, and whether the media's details are written into it. */
export interface DeliveryOptions {
  trim?: TrimRange;
  /** title, uploader, date, platform (and cover art for audio) as the file's own tags; on unless turned off */
  embedMetadata: boolean;
  /** The sound brought to this EBU R128 target (two passes, the picture copied); absent: as the source has it. */
  loudness?: LoudnessTarget;
  /** One file per chapter, in a ZIP: cut by stream copy, or exactly (encoded again). */
  split?: SplitMode;
  /** SponsorBlock's categories marked as chapters and cut out (YouTube media only); `segments` once asked. */
  sponsor?: SponsorDelivery;
}

export interface DeliveryQuery {
  start?: string;
  end?: string;
  exact?: boolean;
  embedMetadata?: boolean;
  loudness?: LoudnessChoice;
  /** One file per chapter (a ZIP), cut by copy or exactly. */
  chapterSplit?: SplitMode;
  /** SponsorBlock's categories to mark and to remove; absent: the default choice. */
  sponsorBlock?: SponsorChoice;
}

/** The shortest cut worth a file: a tenth of a second (a frame or two). */
const MIN_LENGTH = 0.1;
/** Durations are rounded by sources and players; an end this close past the end is the end. */
const END_SLACK = 0.05;

function timeOf(name: 'start' | 'end', text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const seconds = parseTimeText(text);
  if (seconds === undefined) {
    throw new AppError('trim_invalid_time', `${name} must be seconds (12.5) or a clock time (1:05, 1:02:03)`, { field: name });
  }
  return seconds;
}

/**
 * What can be told before the media is known: both times readable, and the end after the start when both are given.
 * A job checks this when it is asked for, so a bad time is a 400 and not a failed job.
 */
export function assertTrimReadable(query: DeliveryQuery): void {
  const start = timeOf('start', query.start);
  const end = timeOf('end', query.end);
  if (start !== undefined && end !== undefined && end - start < MIN_LENGTH) {
    throw new AppError('trim_invalid_range', 'The end must come after the start (by at least 0.1 s)', { start, end });
  }
}

/**
 * `start`/`end` of a download → the cut, checked against the media: end after start, both within the duration.
 * Either may be left out (from the beginning, to the end); a cut covering the whole media is no cut. Images and
 * media of unknown length cannot be cut to an end they do not have.
 */
export function trimRangeOf(query: DeliveryQuery, media: { kind: 'video' | 'audio' | 'image' | 'subtitles'; duration?: number }): TrimRange | undefined {
  const start = timeOf('start', query.start);
  const end = timeOf('end', query.end);
  if (start === undefined && end === undefined) return undefined;
  // Only what plays over time is cut: not a picture, nor a text track (its cues follow the video they go with).
  if (media.kind === 'image' || media.kind === 'subtitles') throw new AppError('trim_not_supported', 'Only video and audio can be trimmed');
  const duration = media.duration;
  const to = end ?? duration;
  if (to === undefined) throw new AppError('trim_invalid_range', 'This media does not say how long it is: give an end time', { field: 'end' });
  const from = start ?? 0;
  if (duration !== undefined && (from >= duration || to > duration + END_SLACK)) {
    throw new AppError('trim_out_of_bounds', `The range must lie within the media's ${duration.toFixed(1)} s`, { duration });
  }
  if (to - from < MIN_LENGTH) {
    throw new AppError('trim_invalid_range', 'The end must come after the start (by at least 0.1 s)', { start: from, end: to });
  }
  const clipped = duration === undefined ? to : Math.min(to, duration);
  if (from === 0 && duration !== undefined && clipped >= duration - END_SLACK) return undefined;
  return { start: from, end: clipped, exact: query.exact === true };
}

/** What tells two preparations of one offer apart: the cut, the tags and the loudness. Empty for the default file. */
export function deliveryKey(options: DeliveryOptions): string {
  const cut = options.trim ? `~t${options.trim.start}-${options.trim.end}${options.trim.exact ? 'x' : ''}` : '';
  return `${cut}${options.embedMetadata ? '' : '~bare'}${options.loudness ? `~ln-${options.loudness}` : ''}${chapterKey(options)}`;
}
