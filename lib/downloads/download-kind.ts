import 'server-only';
import type { JobKind } from '@/lib/jobs/runner';
import { chapterChoices, chapterQueryOf } from '@/lib/media/chapters/delivery';
import { checkedOffer, withSponsorSegments } from '@/lib/media/deliver';
import type { DOWNLOAD_NOTES, DownloadJobRequest } from './download-job-schemas';
import { downloadUrl } from './download-url';
import type { JobStatus } from './job-status';
import { pickOffer } from './pick-offer';
import { jobBasics, prepareFile, type FileOutcome, type PrepareDeps } from './prepare-file';

/** A download job's state: the `jobs` row (type 'download'), its result holding the link and the error code. */
export interface DownloadState {
  status: JobStatus;
  progress: number;
  message: string;
  downloadUrl?: string;
  code?: string;
  /** A kept download's file and row live until then (ms since the epoch) instead of the temp TTL. */
  keepUntil?: number;
  /** A kept download's file in the store, served by the job's own link (the analysis is long gone by then). */
  keptFile?: KeptFile;
  /** What the ready file was made without (SponsorBlock not answering). */
  notes?: DownloadNote[];
  /** A queued job waiting for its download window: when it starts (ms since the epoch). */
  scheduledFor?: number;
}

/** What serving a kept file needs without its analysis: the store's key, and the name the file is saved under. */
export interface KeptFile {
  key: string;
  title: string;
  ext: string;
}

type DownloadNote = (typeof DOWNLOAD_NOTES)[number];

/** What the job needs to run anywhere: the request (its link canonical), who asked, and when. */
export interface DownloadPayload {
  request: DownloadJobRequest;
  /** The account the job belongs to (null: anonymous); queued jobs store it under this name. */
  owner: string | null;
  startedAt: number;
  /** Keep the file (and the job) until then rather than for the temp TTL: a followed creator's background download. */
  keepUntil?: number;
}

/**
 * How a signed-in user's download ended, with what was asked: the canonical link (history keeps only its platform
 * and media reference), quality, format.
 */
export type DownloadJobOutcome = Omit<FileOutcome, 'media' | 'code'> & { owner: string; request: { url: string; quality: string; format: string; saveToLibrary?: boolean; libraryTemplate?: string } };

export interface DownloadKindDeps extends PrepareDeps {
  concurrency?: number;
  /** How long a ready job (and its file) lives. */
  ttlMs: () => number;
  /** Keeps a prepared file until `until` (a payload's `keepUntil`); false when the file is already gone. */
  keep?: (key: string, until: number) => Promise<boolean>;
  /** A signed-in user's job has ended (history, notification); never allowed to change the job's outcome. */
  onFinished?: (outcome: DownloadJobOutcome) => Promise<void>;
  /**
   * A kept download's format is known, with its expected size (the sum of its sources' sizes, when the source
   * gives them): a reservation against its owner's storage may be set to it. Never changes the outcome.
   */
  onSized?: (sized: { owner: string; url: string; bytes: number }) => Promise<void>;
}

/** Progress bands: analysis is quick and shown as a step; fetching and converting fill the rest. */
const ANALYZED = 10;

/**
 * The download kind (POST /api/media/download): the link made into its file (lib/downloads/prepare-file.ts), with
 * progress from real bytes fetched and ffmpeg's clock; a kept download's file outlives the temp TTL.
 */
export function downloadKind(deps: DownloadKindDeps): JobKind<DownloadPayload, DownloadState> {
  return {
    type: 'download',
    concurrency: deps.concurrency ?? 4,
    ...jobBasics(0),
    // A ready job lives as long as its prepared file: the temp TTL, or longer for a kept one.
    encode: (state, at) => ({
      ...jobBasics(0).encode(state), expiresAt: state.status === 'ready' ? Math.max(at + deps.ttlMs(), state.keepUntil ?? 0) : undefined,
    }),
    async run(context, payload) {
      const { request, owner: accountId } = payload;
      let progress = 5;
      let keepUntil: number | undefined;
      await context.save({ status: 'analyzing', progress, message: 'Analyzing media...' });
      await prepareFile(deps, context, {
        kind: 'download', url: request.url, owner: accountId, startedAt: payload.startedAt,
        // SponsorBlock is asked here, so the job can say when it did not answer.
        pick: (media) => withSponsorSegments(checkedOffer(media.info.id, pickOffer(media, request.quality, request.format, request).itag, {
          start: request.start, end: request.end, exact: request.exact, embedMetadata: request.embedMetadata, loudness: request.loudness,
          ...(request.lang ? { languages: request.lang } : {}),
          ...(request.subs ? { subs: request.subs } : {}),
          ...chapterChoices(request),
        }), context.signal),
        async picked(offer) {
          // A progressive source is the plan's video and audio at once: each source counted once.
          const sources = new Set([offer.plan.video, offer.plan.audio, offer.plan.image]);
          const expected = [...sources].reduce((sum, source) => sum + (source?.filesize ?? 0), 0);
          if (payload.keepUntil && accountId && expected > 0) {
            await deps.onSized?.({ owner: accountId, url: request.url, bytes: expected }).catch((error) => console.error('[downloads] onSized failed', error));
          }
          await context.save({ status: 'processing', progress: (progress = ANALYZED), message: 'Processing...' });
        },
        progress(fraction) {
          progress = Math.max(progress, Math.min(99, ANALYZED + Math.floor(fraction * (99 - ANALYZED))));
          context.progress({ status: 'processing', progress, message: 'Processing...' });
        },
        async prepared(file) {
          if (payload.keepUntil && deps.keep && (await deps.keep(file.key, payload.keepUntil))) keepUntil = payload.keepUntil;
        },
        async finish({ status, offer, file, code, message }) {
          if (offer && file) {
            // A kept file outlives its analysis: its link names the job, which names the file.
            const ext = offer.delivery.split ? 'zip' : offer.plan.ext;
            const kept = keepUntil ? { keepUntil, keptFile: { key: file.key, title: offer.title, ext } } : {};
            const { trim, embedMetadata, loudness } = offer.delivery;
            const link = keepUntil
              ? `/api/media/progress/${encodeURIComponent(context.id)}/file`
              : downloadUrl(offer.media.info.id, { itag: offer.plan.itag, ext: offer.plan.ext, lang: request.lang, subs: request.subs, trim, embedMetadata, loudness, chapters: chapterQueryOf(offer.delivery) });
            const notes = offer.delivery.sponsor?.unavailable ? { notes: ['sponsorblock_unavailable' as const] } : {};
            await context.save({ status: 'ready', progress: 100, message: 'Download ready', downloadUrl: link, ...kept, ...notes });
          } else {
            await context.save({ status: 'failed', progress, message: message ?? '', code });
          }
          if (!accountId || !deps.onFinished) return;
          await deps.onFinished({ status, offer, file, message, owner: accountId, request: { url: request.url, quality: request.quality, format: request.format, ...(request.saveToLibrary ? { saveToLibrary: true, libraryTemplate: request.libraryTemplate } : {}) } })
            .catch((error) => console.error('[downloads] onFinished failed', error));
        },
      });
    },
  };
}
