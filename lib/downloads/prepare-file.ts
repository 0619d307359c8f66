import 'server-only';
import { toAppError } from '@/lib/errors';
import { CANCELLED_MESSAGE, INTERRUPTED_MESSAGE } from '@/lib/jobs/job-rows';
import type { BaseState, JobContext, StoredState } from '@/lib/jobs/runner';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import type { ReadyFile, ResolvedOffer } from '@/lib/media/deliver';
import { recogniseUrl } from '@/lib/media/platforms';
import { ACTIVE_STATUSES, ENDED_STATUSES, type JobEnd } from './job-status';

/**
 * How a job or item ended, never with its link, title or a caller's address: the site's public figures, the
 * failures by code, the admin's usage (by platform, bytes) and storage (the file by the job's owner).
 */
export interface JobEnded {
  /** A download job, or one item of a bulk batch. */
  kind: 'download' | 'bulk';
  ok: boolean;
  /** From the request to the end, queueing included. */
  durationMs: number;
  /** The stable error code of a failed one. */
  code?: string;
  /** The platform the link belongs to (a label). */
  platform?: string;
  /** The size of the file it made. */
  bytes?: number;
  /** The job, and the signed-in user who asked it (null: an anonymous caller). */
  job?: { id: string; owner: string | null };
}

/** What every kind that makes a file is handed by the composition root, and whom it tells. */
export interface PrepareDeps {
  /** `owner`: whose own platform cookies the composition root may add. */
  analyze: (url: string, owner: string | null) => Promise<AnalyzedMedia>;
  /** Prepares the offer's file into the shared preparations (its download link then serves it at once), 0..1 as it goes. */
  prepare: (offer: ResolvedOffer, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<ReadyFile>;
  now?: () => number;
  /** Any job has ended, whoever started it (the site's figures); never allowed to change its outcome. */
  onEnded?: (outcome: JobEnded) => Promise<void>;
  /** A file was prepared for the job's owner (its bytes count against the owner's day); never changes the outcome. */
  onPrepared?: (prepared: { owner: string; bytes: number; file: { mediaId: string; itag: string } }) => Promise<void>;
}

/** What one link came to: its media once it analysed, the offer once picked, the file once ready; a failure's code and message. */
export interface FileOutcome {
  status: JobEnd;
  media?: AnalyzedMedia;
  offer?: ResolvedOffer;
  file?: ReadyFile;
  code?: string;
  /** The failure as the user reads it: an unknown one is only 'Download failed'. */
  message?: string;
}

/** One link's job: who asked, and what the kind does at each step (a step that throws fails the job). */
export interface FileJob {
  kind: JobEnded['kind'];
  url: string;
  /** The account that asked (null: an anonymous caller): whose cookies apply, whose job the figures name. */
  owner: string | null;
  startedAt: number;
  /** Throws the API's error when the job may start no work now (its owner's bytes for today are used up). */
  admit?: () => Promise<void>;
  /** false: the job ends here, reporting nothing (a playlist that became its entries). */
  analyzed?: (media: AnalyzedMedia) => Promise<boolean>;
  /** The offer the job asked for in the media, checked against the limits (with what its delivery needed asked, e.g. SponsorBlock). */
  pick: (media: AnalyzedMedia) => ResolvedOffer | Promise<ResolvedOffer>;
  picked?: (offer: ResolvedOffer) => Promise<void>;
  /** The preparation's progress, 0..1. */
  progress: (fraction: number) => void;
  prepared?: (file: ReadyFile) => Promise<void>;
  /** The job's end, after the site's figures heard of it: its state and its owner's hooks, in the kind's order. */
  finish: (outcome: FileOutcome) => Promise<void>;
}

/**
 * What analyses, downloads and bulk items share as job kinds: the one status vocabulary, what a restart or a cancel
 * makes of a job (failed, at `progress`), and their rows — status, progress and message in their columns, the
 * state's other fields as the result.
 */
export function jobBasics(progress: number) {
  return {
    active: ACTIVE_STATUSES,
    ended: ENDED_STATUSES,
    interrupted: { status: 'failed' as const, progress, message: INTERRUPTED_MESSAGE, code: 'unavailable' },
    cancelled: { status: 'failed' as const, progress, message: CANCELLED_MESSAGE, code: 'cancelled' },
    encode: ({ status, progress: at, message, ...fields }: BaseState): StoredState =>
      ({ status, progress: at, message: message ?? null, result: Object.values(fields).some((value) => value !== undefined) ? fields : null }),
    decode: <S extends BaseState>({ status, progress: at, message, result }: StoredState) => ({ status, progress: at, ...(message === null ? {} : { message }), ...result }) as S,
  };
}

/** The link's platform as a label ('generic' for any other site or a link that no longer parses). */
function platformOf(url: string): string {
  try {
    return recogniseUrl(url).platform;
  } catch {
    return 'generic';
  }
}

const quietly = (name: string, report: Promise<void> | undefined) => report?.catch((error) => console.error(`[downloads] ${name} failed`, error));

/**
 * One link made into one prepared file, the way a download job and a bulk item both do it: analyse (the analysis
 * cache answers repeats), pick the offer, prepare its file into the shared preparations, then report — the
 * owner's bytes, the site's figures, and the kind's own end. Returns the outcome; undefined when the job ended
 * without one (cancelled, or stopped once analysed), having reported nothing.
 */
export async function prepareFile(
  deps: PrepareDeps, context: Pick<JobContext<BaseState>, 'id' | 'fairShareKey' | 'signal'>, job: FileJob,
): Promise<FileOutcome | undefined> {
  const now = deps.now ?? Date.now;
  const outcome: Pick<FileOutcome, 'media' | 'offer'> = {};
  let result: FileOutcome;
  try {
    await job.admit?.();
    const media = (outcome.media = await deps.analyze(job.url, job.owner));
    if (job.analyzed && !(await job.analyzed(media))) return undefined;
    context.signal.throwIfAborted();
    const offer = (outcome.offer = await job.pick(media));
    await job.picked?.(offer);
    const file = await deps.prepare(offer, job.progress, context.signal);
    await quietly('onPrepared', deps.onPrepared?.({ owner: context.fairShareKey, bytes: file.size, file: { mediaId: offer.media.info.id, itag: offer.plan.itag } }));
    await job.prepared?.(file);
    result = { status: 'ready', ...outcome, file };
  } catch (error) {
    if (context.signal.aborted) return undefined;
    const { code, message } = toAppError(error);
    if (code === 'internal') console.error(`[downloads] a ${job.kind} failed`, error);
    result = { status: 'failed', ...outcome, code, message: code === 'internal' ? 'Download failed' : message || 'Download failed' };
  }
  await quietly('onEnded', deps.onEnded?.({
    kind: job.kind, ok: result.status === 'ready', durationMs: now() - job.startedAt, code: result.code,
    platform: result.media?.info.platform ?? platformOf(job.url), bytes: result.file?.size, job: { id: context.id, owner: job.owner },
  }));
  await job.finish(result);
  return result;
}
