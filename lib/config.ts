import 'server-only';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { PLATFORMS } from '@/lib/platforms';
import { timeZoneSchema, windowTextSchema } from '@/lib/windows/spec-schemas';
import { environmentGeneration } from './env-watch';
import { addressRanges, blockListOf, canaryMap, databasePassword, flag, hostPorts, int, list, origin, PLACEHOLDER_SECRET, slugUrls } from './config-values';

/**
 * Every environment variable Grabline reads, read here and nowhere else: typed, with its default, and
 * validated. The server checks them at start (instrumentation.ts) and stops with a message naming each bad
 * variable. An empty value counts as unset. The result is kept until the environment changes, so production
 * parses once while tests that set a variable between cases see it at once.
 */

/** The ad placements an operator may switch on. */
export const AD_PLACEMENTS = ['topBanner', 'sideRail', 'rectangle', 'bottomAnchor', 'vignette'] as const;
type AdPlacement = (typeof AD_PLACEMENTS)[number];

const schema = z.object({
  // Serving
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: int(1, 65535).default(3000),
  SITE_URL: origin.optional(),
  // Where a user asks for help: an email address or an http(s) page; the API page's help card links to it
  SUPPORT_CONTACT: z.union([z.email(), z.url({ protocol: /^https?$/ })], { error: 'must be an email address or an http(s) URL' }).optional(),
  TRUST_PROXY: flag.default(false),
  TRUST_PROXY_HOPS: int(1, 20).default(1),
  // The proxies whose X-Forwarded-* headers are believed: only a request whose TCP peer is one of these
  TRUST_PROXY_FROM: addressRanges.default(['127.0.0.0/8', '::1']),
  API_CORS_ORIGINS: list.pipe(z.array(z.union([z.literal('*'), origin]))).default([]),
  ANON_ACCESS: flag.default(true),
  HEALTH_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Accounts: who may join, who is an admin
  REGISTRATION: z.enum(['open', 'invite', 'closed'], { error: 'must be open, invite or closed' }).default('open'),
  ADMIN_EMAILS: list.pipe(z.array(z.string().trim().toLowerCase().pipe(z.email({ error: 'must be a comma list of email addresses' })))).default([]),
  // Sign-in through an OpenID Connect provider (on when OIDC_ISSUER and OIDC_CLIENT_ID are set)
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be the provider\'s http(s) issuer URL' }).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_SCOPES: z.string().default('openid email profile'),
  OIDC_NAME: z.string().max(40, 'must be at most 40 characters').default('SSO'),
  OIDC_ADMIN_GROUP: z.string().optional(),
  OIDC_ONLY: flag.default(false),
  OIDC_TIMEOUT_MS: int(500, 60_000).default(10_000),
  // Forward-auth: the header a trusted reverse proxy (Authelia, Authentik, oauth2-proxy) puts the user's email in
  AUTH_PROXY_HEADER: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name such as Remote-Email').optional(),
  // …and the secret that proxy sends in X-Auth-Proxy-Secret on every request, proving the header came through it
  AUTH_PROXY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Store
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  // Scale-out: shared state in Redis (analyses, rate-limit counters, pub/sub; jobs through BullMQ) and prepared
  // files in a directory every node mounts. Unset, everything stays in this process and its temp dir.
  REDIS_URL: z.string().regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL').optional(),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits, _ . : or -').default('grabline:'),
  FILE_STORE_DIR: z.string().optional(),
  // A worker holds a job's lock this long, renewing it every half; a worker gone that long has its job retried
  JOB_LOCK_MS: int(1000, 600_000).default(10_000),
  JOB_STALLED_CHECK_MS: int(500, 600_000).default(5_000),
  // How long SIGTERM lets a worker's running jobs finish before it leaves them to another worker
  WORKER_SHUTDOWN_MS: int(0, 600_000).default(25_000),
  // Media engine
  PLATFORMS_DISABLED: list.pipe(z.array(z.enum(PLATFORMS))).default([]),
  MEDIA_FETCH_ALLOW: hostPorts.default([]),
  YTDLP_PYTHONPATH: z.string().optional(),
  YTDLP_POOL_SIZE: int(1, 64).default(2),
  // The yt-dlp engine: where updates keep their versions (default <DATA_DIR>/engine)…
  GRABLINE_ENGINE_DIR: z.string().optional(),
  // …and where set-up installed one beside the code (default ./engine); the newer of the two runs
  GRABLINE_PACKAGED_ENGINE_DIR: z.string().optional(),
  ENGINE_AUTO_UPDATE: flag.default(false),
  // Only Debian's unstable suite is reachable here, and it carries releases, not yt-dlp's nightly builds.
  ENGINE_CHANNEL: z.enum(['stable'], { error: 'must be "stable" (no registry this server reaches carries yt-dlp nightlies)' })
    .default('stable'),
  DENO_PATH: z.string().optional(),
  ENGINE_REMOTE_COMPONENTS: flag.default(false),
  // YouTube proof-of-origin tokens minted by BotGuard's challenge in a sandboxed Deno (off unless an operator opts in)
  PO_TOKENS: flag.default(false),
  // Platform access: cookies per platform (<dir>/<platform>.txt), pacing per platform
  COOKIES_DIR: z.string().optional(),
  // Each signed-in user's own cookies per platform, encrypted at rest, used for their own requests only
  USER_COOKIES: flag.default(true),
  PLATFORM_PROXY: z.url({ protocol: /^http$/, error: 'must be http://[user:pass@]host:port' }).optional(),
  PLATFORM_CONCURRENCY: int(1, 64).default(3),
  PLATFORM_MIN_INTERVAL_MS: int(0, 60_000).default(250),
  // Platform canaries: public links per platform analysed on a schedule and after every engine switch
  PLATFORM_CANARIES: canaryMap.default({}),
  CANARY_INTERVAL_MS: int(60_000).default(6 * 60 * 60 * 1000),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  ANALYSIS_TTL_MS: int(1).default(60 * 60 * 1000),
  ANALYSIS_CACHE_MAX: int(1).default(500),
  ANALYZE_CONCURRENCY: int(1, 256).default(8),
  ANALYZE_WAIT_MS: int(0, 5000).default(150),
  PAGE_ANALYZE_WAIT_MS: int(0, 10_000).default(2500),
  SEGMENT_CONCURRENCY: int(1, 64).default(8),
  DOWNLOAD_JOB_CONCURRENCY: int(1, 256).default(4),
  BULK_CONCURRENCY: int(1, 64).default(2),
  TEMP_DIR: z.string().optional(),
  // An origin that sends nothing for this long is given up on (the request is retried, then fails); one that
  // keeps sending but too slowly to prepare a file within the deadline fails with upstream_timeout.
  MEDIA_STALL_TIMEOUT_MS: int(100).default(20_000),
  DOWNLOAD_DEADLINE_MS: int(1000).default(30 * 60 * 1000),
  TEMP_TTL_MS: int(1).default(60 * 60 * 1000),
  // Thumbnails, served through our own route: the largest picture fetched, and the disk cache's age and size bounds
  THUMBNAIL_MAX_BYTES: int(1024, 64 * 1024 * 1024).default(2 * 1024 * 1024),
  THUMBNAIL_CACHE_TTL_MS: int(1000).default(7 * 24 * 60 * 60 * 1000),
  THUMBNAIL_CACHE_MAX_BYTES: int(1).default(256 * 1024 * 1024),
  CREATOR_SOURCES_JSON: slugUrls.default({}),
  CREATOR_ANALYSIS_TIMEOUT_MS: int(1).default(15_000),
  // Following creators: how often each follow is checked (each follow keeps its own fixed offset inside the
  // period, so checks spread out), whether background downloads may be turned on, and what they may keep per user.
  FOLLOW_CHECK_MINUTES: int(1, 7 * 24 * 60).default(60),
  FOLLOWS_PER_USER: int(1, 100_000).default(100),
  FOLLOW_AUTO: flag.default(false),
  FOLLOW_STORAGE_QUOTA_BYTES: int(0).default(5 * 1024 ** 3),
  FOLLOW_LISTING_SIZE: int(1, 100).default(15),
  FOLLOW_CHECK_CONCURRENCY: int(1, 200).default(20),
  FOLLOW_YOUTUBE_FEED_URL: z.url({ protocol: /^https?$/ }).default('https://www.youtube.com/feeds/videos.xml'),
  // Download windows: when background work (follows' automatic downloads, bulk items marked "later") may start on this
  // server, e.g. "Mon-Fri 01:00-06:00; Sat,Sun 00:00-24:00" (unset: any time), on the clock of DOWNLOAD_WINDOW_TZ
  DOWNLOAD_WINDOW: windowTextSchema.optional(),
  DOWNLOAD_WINDOW_TZ: timeZoneSchema.default('UTC'),
  // SponsorBlock: whether YouTube downloads ask it for sponsor segments, the server asked (a mirror), how long it is waited for
  SPONSORBLOCK: flag.default(true),
  SPONSORBLOCK_URL: origin.default('https://sponsor.ajay.app'),
  SPONSORBLOCK_TIMEOUT_MS: int(100, 60_000).default(3000),
  // The library: a folder (off when unset) where follows' automatic downloads, and downloads a user chooses to save,
  // are written under each user's own subfolder, named by their template.
  LIBRARY_DIR: z.string().trim().min(1).optional(),
  LIBRARY_QUOTA_BYTES: int(0).default(20 * 1024 ** 3),
  // Webhooks: the waits between a failed delivery's attempts (their count + 1 is the attempts made), one attempt's
  // deadline, and the deliveries of one webhook in flight at once on a process
  WEBHOOK_RETRY_DELAYS_MS: list.pipe(z.array(z.string().transform(Number).pipe(z.number().int('must be whole numbers of ms').min(0).max(86_400_000)))
    .max(10, 'must be at most 10 delays'))
    .default([10_000, 60_000, 300_000, 1_800_000]),
  WEBHOOK_TIMEOUT_MS: int(100, 60_000).default(10_000),
  WEBHOOK_CONCURRENCY: int(1, 256).default(8),
  // Limits
  MAX_DURATION_S: int(1).default(3 * 60 * 60),
  MAX_FILESIZE_BYTES: int(1).default(4 * 1024 ** 3),
  MAX_DOWNLOADS_PER_IP: int(1).default(4),
  API_DAILY_LIMIT: int(1).default(100),
  API_MONTHLY_LIMIT: int(1).default(1000),
  USER_DAILY_LIMIT: int(1).default(1000),
  ANON_DAILY_LIMIT: int(1).default(300),
  ANON_ANALYZE_HOURLY_LIMIT: int(1).default(100),
  STATUS_STREAMS_PER_CLIENT: int(1).default(6),
  ANALYSES_IN_FLIGHT_PER_CLIENT: int(1).default(8),
  // Per address and 15 minutes: sign-in attempts (of any account) and new accounts
  LOGIN_ADDRESS_LIMIT: int(1).default(50),
  REGISTER_ADDRESS_LIMIT: int(1).default(5),
  STATUS_STREAM_IDLE_MS: int(1000).default(60_000),
  USER_ANALYZE_HOURLY_LIMIT: int(1).default(600),
  // Fair sharing: jobs of one kind one owner (a signed-in user, an anonymous address) runs at once, and the bytes
  // of files prepared for or served to one owner per UTC day (unset: no limit). An admin may change both per user.
  USER_CONCURRENT_JOBS: int(1, 256).default(2),
  USER_DAILY_BYTES: int(1).optional(),
  // Advertising: off unless ADS_PUBLISHER_ID is set (then the pages carry the ad code, the telemetry route
  // answers and the Content-Security-Policy admits the ad host).
  ADS_PUBLISHER_ID: z.string().regex(/^ca-pub-\d{6,20}$/, 'must be an ad publisher id such as ca-pub-1234567890123456').optional(),
  ADS_PLACEMENTS: list.pipe(z.array(z.enum(AD_PLACEMENTS, { error: `must be a comma list of ${AD_PLACEMENTS.join(', ')}` }))).default([]),
  ADS_SLOTS: z.string().transform((raw, ctx) => {
    const slots: Partial<Record<AdPlacement, string>> = {};
    for (const entry of raw.split(',').map((e) => e.trim()).filter(Boolean)) {
      const match = /^(topBanner|sideRail|rectangle):(\d{4,20})$/.exec(entry);
      if (match) slots[match[1] as AdPlacement] = match[2];
      else ctx.addIssue({ code: 'custom', message: `"${entry}" is not placement:slot-id (topBanner, sideRail or rectangle, then digits)` });
    }
    return slots;
  }).default({}),
  ADS_AUTO: flag.default(false),
  ADS_SCRIPT_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js'),
  ADS_TELEMETRY_HOURLY_LIMIT: int(1, 100_000).default(120),
  // Set by Next itself, never by an operator: 'phase-production-build' while `next build` prerenders pages.
  NEXT_PHASE: z.string().optional(),
});

export type Env = z.infer<typeof schema>;
export type { AdPlacement };
export const CONFIG_VARIABLES = Object.keys(schema.shape) as (keyof Env)[];

function shape(env: Env) {
  const dataDir = env.DATA_DIR ?? path.join(process.cwd(), 'data');
  const tempDir = env.TEMP_DIR ?? path.join(tmpdir(), 'grabline');
  return {
    env,
    production: env.NODE_ENV === 'production',
    /** `next build` is prerendering: pages must not open the store (it belongs to the running server). */
    building: env.NEXT_PHASE === 'phase-production-build',
    /** Where a request came from: the proxies in front of us that may write X-Forwarded-*, 0 when none. */
    trustedProxyHops: env.TRUST_PROXY ? env.TRUST_PROXY_HOPS : 0,
    /** The TCP peers allowed to speak for a visitor in X-Forwarded-*; none when TRUST_PROXY is off. */
    trustedProxies: env.TRUST_PROXY ? blockListOf(env.TRUST_PROXY_FROM) : null,
    /** Sign-in through an OpenID Connect provider, when one is configured. */
    oidc: env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, scopes: env.OIDC_SCOPES, name: env.OIDC_NAME }
      : null,
    dataDir,
    sqlitePath: path.join(dataDir, 'grabline.db'),
    tempDir,
    /** Finished prepared files: a directory every node mounts, else this node's own beside its work dirs. */
    fileStoreDir: env.FILE_STORE_DIR ?? path.join(tempDir, '.ready'),
    engineDir: env.GRABLINE_ENGINE_DIR ?? path.join(dataDir, 'engine'),
    /** The engine installed with the code (the image's, or set-up's on a bare machine); never under a volume. */
    packagedEngineDir: env.GRABLINE_PACKAGED_ENGINE_DIR ?? path.join(process.cwd(), 'engine'),
    /** Fetched thumbnails: a cache that outlives restarts, kept apart from the temp store's swept work dirs. */
    thumbnailDir: path.join(dataDir, 'thumbnails'),
  };
}

export type Config = ReturnType<typeof shape>;


/** Rules between variables, each a problem in the same words as a bad value. */
function crossChecks(env: Env): string[] {
  const problems: string[] = [];
  if (env.JWT_SECRET && PLACEHOLDER_SECRET.test(env.JWT_SECRET)) {
    problems.push('JWT_SECRET: is a placeholder, not a secret: set a random one (openssl rand -hex 32), or leave it unset on a single node to have one generated');
  }
  const dbPassword = env.DATABASE_URL ? databasePassword(env.DATABASE_URL) : null;
  if (dbPassword !== null && PLACEHOLDER_SECRET.test(dbPassword)) {
    problems.push('DATABASE_URL: its password is a placeholder: give the database a random password (openssl rand -hex 24) and put it in the URL');
  }
  if (env.AUTH_PROXY_HEADER && !env.AUTH_PROXY_SECRET) {
    problems.push('AUTH_PROXY_SECRET: must be set with AUTH_PROXY_HEADER (a random string of 32+ characters your proxy sends as X-Auth-Proxy-Secret), or anyone who reaches the port could name any user');
  }
  if (env.AUTH_PROXY_HEADER && !env.TRUST_PROXY) {
    problems.push('TRUST_PROXY: must be 1 with AUTH_PROXY_HEADER (the authenticating proxy stands in front of Grabline)');
  }
  return problems;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment (process.env by default); throws a ConfigError naming every bad variable. */
export function parseConfig(source: Record<string, string | undefined> = process.env): Config {
  const raw = Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, source[name] === '' ? undefined : source[name]]));
  const result = schema.safeParse(raw);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`));
  }
  const problems = crossChecks(result.data);
  if (problems.length > 0) throw new ConfigError(problems);
  return shape(result.data);
}

let cached: { key: string; value: Config; generation: number | undefined } | undefined;

/** The configuration in force. */
export function config(): Config {
  const generation = environmentGeneration();
  if (generation !== undefined && cached?.generation === generation) return cached.value;
  const key = CONFIG_VARIABLES.map((name) => process.env[name] ?? '').join('\u0000');
  cached = cached?.key === key ? { ...cached, generation } : { key, value: parseConfig(), generation };
  return cached.value;
}
