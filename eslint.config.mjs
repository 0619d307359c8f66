import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import regexp from 'eslint-plugin-regexp';

/**
 * The layers, kept apart by rule rather than by habit:
 * - no import cycles anywhere;
 * - lib never imports components (the UI sits on lib, not the other way round);
 * - the media engine knows no accounts, features or queues: it is called, it does not call up;
 * - inside it, containers and manifests (lib/media/formats) are the floor everything else reads them with, and
 *   downloading and extracting share that floor rather than each other; preparing a file knows nothing of serving it;
 * - the job runner runs jobs of any kind and knows none: analyses, downloads and the other kinds are features
 *   (lib/downloads, lib/bulk…) it never imports, and lib/server.ts wires them together;
 * - the base (net, db, http, redis, errors, config, the platform list) knows nothing above it.
 */
const layers = {
  files: ['lib/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
  rules: {
    'import/no-cycle': ['error', { ignoreExternal: true }],
    'import/no-restricted-paths': ['error', {
      zones: [
        { target: './lib', from: './components', message: 'lib never imports components.' },
        { target: './lib', from: './app', message: 'lib never imports app.' },
        {
          target: './lib/media',
          from: ['./lib/auth', './lib/rate-limit', './lib/history', './lib/settings', './lib/notifications', './lib/creators', './lib/bulk', './lib/presets', './lib/webhooks', './lib/jobs', './lib/downloads', './lib/thumbnails', './lib/server.ts', './lib/redis'],
          message: 'The engine knows no accounts, features, queues or Redis (a shared store is handed to it by lib/server.ts).',
        },
        {
          target: './lib/media/formats',
          from: './lib/media',
          except: ['./formats', './types.ts'],
          message: 'The formats floor imports nothing else of the engine but its plain types.',
        },
        { target: './lib/media/download', from: './lib/media/extractors', message: 'Downloading and extracting share lib/media/formats, not each other.' },
        { target: './lib/media/extractors', from: './lib/media/download', message: 'Downloading and extracting share lib/media/formats, not each other.' },
        { target: './lib/media/deliver/prepare', from: './lib/media/deliver/serve', message: 'Preparing a file knows nothing of serving it.' },
        {
          target: './lib/jobs',
          from: ['./lib/history', './lib/settings', './lib/notifications', './lib/creators', './lib/bulk', './lib/downloads', './lib/presets', './lib/stats', './lib/webhooks', './lib/server.ts'],
          message: 'A producer never imports its consumers: wire them in lib/server.ts.',
        },
        {
          target: ['./lib/net', './lib/db', './lib/http', './lib/redis', './lib/errors.ts', './lib/config.ts', './lib/config-values.ts', './lib/env-watch.ts', './lib/platforms.ts'],
          from: ['./lib/media', './lib/jobs', './lib/downloads', './lib/auth', './lib/rate-limit', './lib/history', './lib/settings', './lib/notifications', './lib/creators', './lib/bulk', './lib/presets', './lib/webhooks', './lib/server.ts'],
          message: 'The base knows nothing above it.',
        },
      ],
    }],
  },
};

/**
 * No regular expression whose running time can grow faster than the text it reads: a page, a header or an engine's
 * answer is a stranger's text, and one backtracking pattern on a long run of dots or slashes stalls the whole
 * server (Node runs every request on one thread). A pattern that needs it is rewritten, bounded, or replaced by a
 * loop — never exempted.
 */
const linearRegexps = {
  plugins: { regexp },
  rules: {
    'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
    'regexp/no-super-linear-move': ['error', { report: 'potential', ignorePartial: false }],
  },
};

/**
 * Services are built once, by a process's composition root (lib/server.ts on a web node, lib/worker/start.ts on a
 * worker), and handed to the features: nothing below a root fetches them from it.
 */
const fromRoot = { name: '@/lib/server', message: 'Take the service as an argument: only a composition root builds services.' };
const builtOnce = {
  files: ['lib/**/*.{ts,tsx}'],
  ignores: ['lib/server.ts', 'lib/worker/**', 'lib/**/*.test.{ts,tsx}', 'lib/**/*.testkit.{ts,tsx}'],
  rules: {
    'no-restricted-imports': ['error', { paths: [fromRoot] }],
  },
};

/** The getters of what a process keeps once: the store and the engine's yt-dlp pool, platform breaker and preparations. */
const processGetters = [
  { regex: '(^|/)db(/index)?$', importNames: ['getDb', 'createDb', 'closeDb'], message: 'The store comes from the root: services().db() in a route, an argument below it.' },
  { regex: '(^|/)get-pool$', message: 'The yt-dlp pool comes from the root: services().engine.pool in a route, an argument below it.' },
  { regex: '(^|/)breaker$', importNames: ['getPlatformBreaker'], message: 'The breaker comes from the root: services().engine.breaker in a route, an argument below it.' },
  { regex: '(^|/)(deliver(/index)?|shared-preparations)$', importNames: ['getPreparations'], message: 'The preparations come from the root: services().engine.preparations in a route, an argument below it.' },
];

/**
 * Nor does anything below a root fetch a process-wide singleton: the store and the engine's long-lived parts come in
 * as arguments. Only the roots, the modules that keep them, and tests reach their getters. (For lib files this
 * block's options replace builtOnce's, so it repeats them.)
 */
const handedIn = {
  files: ['lib/**/*.{ts,tsx}'],
  ignores: [
    ...builtOnce.ignores, 'lib/db/**', 'lib/media/ytdlp/get-pool.ts', 'lib/media/ytdlp/breaker.ts',
    'lib/media/deliver/prepare/shared-preparations.ts', 'lib/media/deliver/index.ts',
  ],
  rules: {
    'no-restricted-imports': ['error', { paths: [fromRoot], patterns: processGetters }],
  },
};

/**
 * Pages and route handlers ask the composition root for what they use (`services()` from lib/server.ts): the store
 * and the engine's long-lived parts included, never a module's process-wide getter.
 */
const routesAskTheRoot = {
  files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
  ignores: ['app/**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': ['error', { patterns: processGetters }],
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  layers,
  builtOnce,
  handedIn,
  routesAskTheRoot,
  linearRegexps,
  {
    ignores: ['.next/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'reports/**', 'test/fixtures/.cache/**', 'next-env.d.ts', 'tmp/**', 'screenshots/**', 'engine/**', '.node/**'],
  },
];

export default config;
