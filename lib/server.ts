import 'server-only';
import { recordJobEnded as recordAdminUsage, startAdminHousekeeping } from '@/lib/admin/record';
import { createRoute } from '@/lib/auth/route';
import { bulkItemKind } from '@/lib/bulk/bulk-item-kind';
import { createBulkRunner, type BulkItemOutcome, type BulkRunner } from '@/lib/bulk/bulk-runner';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { getDb, type Db } from '@/lib/db';
import { followCheckKindFor } from '@/lib/follows/compose';
import { onFollowedDownloadFinished, onFollowedDownloadSized } from '@/lib/follows/download-hook';
import { startFollowScheduler } from '@/lib/follows/scheduler';
import { onFeedDownloadFinished } from '@/lib/podcast/download-hook';
import { createEventBus, engineEvents, type EventBus } from '@/lib/events';
import { onBulkItemFinished, onDownloadJobFinished } from '@/lib/history/job-hooks';
import { onLibraryBulkItemFinished, onLibraryDownloadFinished, startLibraryMaintenance } from '@/lib/library/hook';
import { purgeUserHistory } from '@/lib/history/retention';
import { analysisKind, createAnalyses, type Analyses } from '@/lib/downloads/analyses';
import { createDownloadJobs, type DownloadJobs } from '@/lib/downloads/download-jobs';
import { downloadKind, type DownloadJobOutcome } from '@/lib/downloads/download-kind';
import type { JobEnded, PrepareDeps } from '@/lib/downloads/prepare-file';
import { createBullmqRunner } from '@/lib/jobs/bullmq/bullmq-runner';
import { createEmbeddedRunner } from '@/lib/jobs/embedded-runner';
import type { JobRunner } from '@/lib/jobs/runner';
import { analysisEngines, analysisTtlMs, analyzeMedia, type Analyze, type AnalyzedMedia, type AnalyzeOptions } from '@/lib/media/analyze';
import { getPreparations, prepareDownload, tempTtlMs } from '@/lib/media/deliver';
import { countOwnerBytes, type PreparedFileRef } from '@/lib/limits/bytes';
import { assertOwnerBytesLeft } from '@/lib/limits/owner';
import { onBatchFinished } from '@/lib/notifications/bulk-hook';
import { onFollowNew } from '@/lib/notifications/follow-hook';
import { createInFlight, type InFlight } from '@/lib/rate-limit/in-flight';
import type { SettingsPatch, UserSettings } from '@/lib/settings/schemas';
import { countActiveClient, countDownload } from '@/lib/stats/service';
import { changeUserSettings } from '@/lib/settings/user-settings';
import { startEngineAutoUpdate } from '@/lib/media/ytdlp/auto-update';
import { startCanaries } from '@/lib/media/ytdlp/canaries';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import { getPlatformBreaker, type PlatformBreaker } from '@/lib/media/ytdlp/breaker';
import type { YtdlpPool } from '@/lib/media/ytdlp/pool';
import type { SharedPreparations } from '@/lib/media/deliver/prepare/shared-preparations';
import { engineReaders } from '@/lib/metrics/engine-readers';
import { recordEngineEvents, recordJobEnded } from '@/lib/metrics/record';
import { setMetricReaders } from '@/lib/metrics/registry';
import { registerSharedState } from '@/lib/scale-out';
import { publicMediaInfo } from '@/lib/thumbnails/signed-url';
import { userCookieOptions } from '@/lib/user-cookies/for-request';
import { webhookDeliveryKind, type DeliveryJob } from '@/lib/webhooks/delivery-kind';
import { webhookSubscribers } from '@/lib/webhooks/dispatch';
import { resumeDeliveries } from '@/lib/webhooks/resume';

/**
 * The composition root: the one place that creates the process's long-lived services and wires producers to
 * the features that listen to them. The job runners emit what happened and never import history or the bell;
 * settings never import history. Route handlers take their services from here.
 */
export interface Events extends Record<string, unknown> {
  /** A signed-in user's download job ended (ready or failed). */
  'download.finished': DownloadJobOutcome;
  /** One item of a signed-in user's bulk batch ended. */
  'bulk.item.finished': BulkItemOutcome;
  /** A signed-in user's whole bulk batch ended. */
  'bulk.finished': { owner: string; batchId: string; ready: number; total: number };
  /** A user saved settings; `historyRetention` is set when it changed. */
  'settings.changed': { userId: string; historyRetention?: UserSettings['historyRetention'] };
  /** Any download job or bulk item ended, whoever asked: the site's public figures. */
  'download.ended': JobEnded;
  /** A kept (background) download of a signed-in user knows its format's expected size. */
  'download.sized': { owner: string; url: string; bytes: number };
  /**
   * A file was prepared for an owner's job ('user:<id>', 'ip:<hash>'): its bytes count against the owner's day, and
   * serving that offer to the same owner later spends them first instead of counting again.
   */
  'owner.bytes': { owner: string; bytes: number; file: PreparedFileRef };
  /** A client started work (an analysis, a download, a batch); subject is 'user:<id>' or 'addr:<address>'. */
  'client.active': { subject: string };
  /** A check of a followed creator found uploads the user has not seen yet (never the ones seen at follow time). */
  'follow.new': FollowNew;
  /** A webhook delivery was recorded and waits for the job runner. */
  'webhook.queued': DeliveryJob;
}

/** New uploads of one followed creator for one user: what the bell, the dashboard list and webhooks show. */
export interface FollowNew {
  userId: string;
  followId: string;
  /** The creator's display name, as the platform gives it. */
  creator: string;
  platform: string;
  uploads: { mediaId: string; title: string; url: string; publishedAt?: number; durationSeconds?: number }[];
}

/**
 * The media engine's long-lived parts: warm yt-dlp workers, each platform's breaker, files being prepared, and the
 * analysis by the native extractors and yt-dlp through that pool and breaker (no user's cookies: see analyzeFor).
 */
export interface Engine { pool: YtdlpPool; breaker: PlatformBreaker; preparations: SharedPreparations; analyze: Analyze }

/** The engine, built by each composition root (web or worker) from the process's one pool, breaker and preparations. */
export function buildEngine(): Engine {
  const access = { pool: getYtdlpPool(), breaker: getPlatformBreaker(), db: getDb };
  const engines = analysisEngines(access);
  return { pool: access.pool, breaker: access.breaker, preparations: getPreparations(), analyze: (url, options = {}) => analyzeMedia(url, options, engines) };
}

export interface Services {
  /** The store: SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL; opened and migrated on first use. */
  db(): Promise<Db>;
  events: EventBus<Events>;
  engine: Engine;
  /** The one job runner every kind of job runs on (embedded, or BullMQ on Redis with REDIS_URL). */
  jobs: JobRunner;
  analyses: Analyses;
  downloads: DownloadJobs;
  bulk: BulkRunner;
  changeSettings(userId: string, patch: SettingsPatch): Promise<UserSettings>;
  /** Live status streams each client holds open on this node. */
  statusStreams: InFlight;
  /** Analyses each client has queued or running on this node. */
  analysesInFlight: InFlight;
}

/**
 * The event bus with every feature subscribed: the same in a web process and in a worker. Each hook is handed the
 * store as its event arrives (never one kept from before: it may have been reopened) and the engine's prepared files.
 */
export function wireEvents({ db, preparations }: { db: () => Promise<Db>; preparations: SharedPreparations }): EventBus<Events> {
  const events = createEventBus<Events>();
  const withDb = <A>(hook: (store: Db, payload: A) => Promise<unknown>) => async (payload: A) => void (await hook(await db(), payload));
  events.on('download.finished', withDb(onDownloadJobFinished));
  events.on('bulk.item.finished', withDb(onBulkItemFinished));
  events.on('bulk.finished', withDb(onBatchFinished));
  events.on('follow.new', withDb(onFollowNew));
  events.on('download.finished', withDb(onFollowedDownloadFinished));
  events.on('download.sized', withDb(onFollowedDownloadSized));
  // LIBRARY_DIR: follows' automatic downloads, and files a user asked for, are written to their library folder.
  events.on('download.finished', withDb((store, outcome) => onLibraryDownloadFinished(store, preparations, outcome)));
  events.on('bulk.item.finished', withDb((store, outcome) => onLibraryBulkItemFinished(store, preparations, outcome)));
  // A followed upload's file is read once for its chapters and length: what its podcast feed lists.
  events.on('download.finished', withDb((store, outcome) => onFeedDownloadFinished(store, preparations, outcome)));
  // The user's webhooks hear of their downloads, batches and followed creators.
  const webhooks = webhookSubscribers((job) => events.emit('webhook.queued', job));
  events.on('download.finished', withDb(webhooks.onDownloadFinished));
  events.on('bulk.finished', withDb(webhooks.onBatchFinished));
  events.on('follow.new', withDb(webhooks.onFollowNew));
  events.on('download.ended', withDb(countDownload));
  events.on('download.ended', recordJobEnded);
  events.on('download.ended', withDb(recordAdminUsage));
  events.on('client.active', withDb((store, { subject }) => countActiveClient(store, subject)));
  events.on('owner.bytes', withDb((store, { owner, bytes, file }) => countOwnerBytes(store, owner, bytes, file)));
  // A shorter retention applies at once: what it no longer covers is purged now.
  events.on('settings.changed', withDb(async (store, { userId, historyRetention }) => {
    if (historyRetention !== undefined) await purgeUserHistory(store, userId, historyRetention);
  }));
  return events;
}

/**
 * An analysis made for `user` (null: anyone else): with that user's own cookies of the link's platform when they
 * have some (USER_COOKIES), cached for them alone; otherwise the shared analysis with the operator's cookies. Its
 * `info` is what a client receives (the API, the analysis job's result, the page): pictures as our thumbnail route.
 */
export async function analyzeFor(engine: Engine, url: string, user: string | null | undefined, options: AnalyzeOptions = {}): Promise<AnalyzedMedia> {
  const media = await engine.analyze(url, { ...options, ...(await userCookieOptions(getDb, user, url)) });
  return { ...media, info: publicMediaInfo(media.info) };
}

/** Every kind of job with its handler, emitting on `events`: registered on each runner, web or worker. */
export function registerJobKinds<R extends JobRunner>(runner: R, events: EventBus<Events>, engine: Engine): R {
  const { env } = config();
  runner.register(analysisKind({ analyze: (url, options, user) => analyzeFor(engine, url, user, options), concurrency: env.ANALYZE_CONCURRENCY }));
  // A download job and a bulk item make their files alike: the same engine calls, the same figures and byte counts.
  const files: PrepareDeps = {
    analyze: (url, owner) => analyzeFor(engine, url, owner),
    prepare: (offer, onProgress, signal) => prepareDownload(engine.preparations, offer, { onProgress, signal }),
    onEnded: (outcome) => events.emit('download.ended', outcome),
    onPrepared: (prepared) => events.emit('owner.bytes', prepared),
  };
  runner.register(downloadKind({
    ...files,
    concurrency: env.DOWNLOAD_JOB_CONCURRENCY,
    ttlMs: tempTtlMs,
    keep: (key, until) => engine.preparations.keep(key, until),
    onFinished: (outcome) => events.emit('download.finished', outcome),
    onSized: (sized) => events.emit('download.sized', sized),
  }));
  runner.register(bulkItemKind({
    ...files,
    concurrency: env.BULK_CONCURRENCY,
    onItemFinished: (outcome) => events.emit('bulk.item.finished', outcome),
    onFinished: (batch) => events.emit('bulk.finished', batch),
    // A batch queued before its owner's bytes ran out stops taking new items once they have.
    admit: async (owner) => assertOwnerBytesLeft(await getDb(), owner),
  }));
  runner.register(followCheckKindFor(runner, { db: getDb, engine, onNew: (found) => events.emit('follow.new', found) }));
  runner.register(webhookDeliveryKind({
    concurrency: env.WEBHOOK_CONCURRENCY,
    retryDelaysMs: () => config().env.WEBHOOK_RETRY_DELAYS_MS,
    attempt: () => ({ timeoutMs: config().env.WEBHOOK_TIMEOUT_MS, siteUrl: config().env.SITE_URL }),
  }));
  // One group per webhook: a slow or dead endpoint holds up only its own deliveries.
  events.on('webhook.queued', (job) => runner.enqueue('webhook-delivery', { id: job.deliveryId, payload: job, group: job.webhookId }));
  return runner;
}

/** REDIS_URL: jobs go to BullMQ and run in worker processes; unset, they run in this process. */
function createRunner(): JobRunner {
  const { env } = config();
  return env.REDIS_URL ? createBullmqRunner({ redisUrl: env.REDIS_URL, db: getDb }) : createEmbeddedRunner({ db: getDb });
}

function wire(): Services {
  // REDIS_URL: analyses shared with the other nodes (lib/scale-out.ts).
  registerSharedState();
  const engine = buildEngine();
  const events = wireEvents({ db: getDb, preparations: engine.preparations });
  const jobs = registerJobKinds(createRunner(), events, engine);
  // An embedded runner's queued jobs died with the last process: its unfinished webhook deliveries are queued again.
  if (!config().env.REDIS_URL) {
    void resumeDeliveries(getDb, (job) => events.emit('webhook.queued', job))
      .catch((error) => console.error('[webhooks] could not resume unfinished deliveries', error));
  }

  // Follows due for a check are claimed (once across nodes) and queued as follow-check jobs every 15 s. Not under
  // the unit tests: they switch stores between cases and queue checks themselves; a timer would reopen closed ones.
  if (config().env.NODE_ENV !== 'test') {
    startFollowScheduler({ db: getDb, runner: jobs, periodMs: () => config().env.FOLLOW_CHECK_MINUTES * 60_000, tickMs: 15_000 });
  }
  // LIBRARY_DIR: the library's rows checked against its files, and the follows' keep policies applied.
  if (config().env.NODE_ENV !== 'test') startLibraryMaintenance(getDb);
  // ENGINE_AUTO_UPDATE=1: the yt-dlp engine renews itself daily (off by default).
  startEngineAutoUpdate();
  // PLATFORM_CANARIES: each platform's canary links, analysed every CANARY_INTERVAL_MS and after every engine switch.
  startCanaries({ db: getDb, pool: engine.pool });
  // The admin console's audit log (90 days), usage figures and file attributions are purged hourly.
  startAdminHousekeeping({ db: getDb });
  const services: Services = {
    db: getDb,
    events,
    engine,
    statusStreams: createInFlight(() => config().env.STATUS_STREAMS_PER_CLIENT, 'live status streams'),
    analysesInFlight: createInFlight(() => config().env.ANALYSES_IN_FLIGHT_PER_CLIENT, 'analyses'),
    jobs,
    analyses: createAnalyses(jobs, { ttlMs: analysisTtlMs }),
    downloads: createDownloadJobs(jobs, { ttlMs: tempTtlMs }),
    // A cancel that ends a batch reports it as the last item's job would: the bell and `batch.finished` webhooks.
    bulk: createBulkRunner(jobs, { ttlMs: analysisTtlMs, onFinished: (batch) => events.emit('bulk.finished', batch) }),
    async changeSettings(userId, patch) {
      const settings = await changeUserSettings(userId, patch, await getDb());
      await events.emit('settings.changed', { userId, historyRetention: patch.historyRetention === undefined ? undefined : settings.historyRetention });
      return settings;
    },
  };
  // /metrics: the engine's reports become figures; queue gauges and breaker/engine states are read when scraped.
  recordEngineEvents(engineEvents());
  setMetricReaders({
    jobs: () => ({ analysis: services.analyses.load(), download: services.downloads.load(), bulk: services.bulk.load() }),
    ...engineReaders(services.engine),
  });
  return services;
}

// On globalThis so Next dev reloads keep one set of services (and the work they are running).
const holder = globalThis as typeof globalThis & { __grablineServices?: Services };

export function services(): Services {
  holder.__grablineServices ??= wire();
  return holder.__grablineServices;
}

/** The wrapper every API route is made with (lib/auth/route.ts), handed the store it opens when a request needs it. */
export const route = createRoute({ db: getDb });

/**
 * The answer to an API path that names no route, for every method: the JSON `not_found` envelope. Wrapped as an
 * admin route, so it answers exactly as a hidden admin route answers a non-admin (404 before any other check).
 *
 * Next answers a method a route file does not export by itself — 405, or 204 with an `Allow` list for OPTIONS — which
 * would tell anyone that an admin route exists there and what it takes. So the API's catch-all and every admin route
 * export every method: those an admin route does not serve are this handler (a 404 for an admin too).
 */
export const unknownRoute = route({ auth: 'admin' }, () => {
  throw new AppError('not_found', 'Not found');
});
