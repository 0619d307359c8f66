import createNextIntlPlugin from 'next-intl/plugin';

// Messages are compiled at build time (next-intl's precompile): the browser then formats them with a runtime of
// under 1 KB instead of shipping an ICU parser (about 9 KB gzipped). Any import of messages/*.json gets the
// compiled form — plain texts stay strings, texts with arguments become arrays — so code that needs the catalogue
// as written reads the file (GET /locales/…).
const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The container image runs Next's self-contained server (node server.js); a plain checkout keeps `next start`.
  ...(process.env.GRABLINE_STANDALONE === '1' ? { output: 'standalone' } : {}),
  // The test suite checks types (routes' generated types included) in a stage of its own before it builds: its
  // build skips Next's second run of the same check. Every other build checks types.
  ...(process.env.GRABLINE_BUILD_TYPECHECKED === '1' ? { typescript: { ignoreBuildErrors: true } } : {}),
  // Native and server-side packages stay outside the bundle.
  serverExternalPackages: ['better-sqlite3', 'pg', 'bullmq', 'ioredis'],
  images: { unoptimized: true },
  // Read from disk at run time by GET /locales/{lng}/{ns}.json: part of the self-contained server's files.
  outputFileTracingIncludes: { '/locales/[lng]/[file]': ['./messages/*.json'] },
  async headers() {
    return [
      {
        source: '/:path*',
        // Every answer, static files included. The per-request ones (the page's nonce policy, HSTS over https)
        // are set by proxy.ts. The paste button reads the clipboard: clipboard-read for our own origin only,
        // every other powerful feature off.
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
          {
            key: 'Permissions-Policy',
            value: 'clipboard-read=(self), clipboard-write=(self), camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)',
          },
        ],
      },
      {
        // The icon sprite is addressed by a version of its content (components/ui/icon-sprite-url.ts).
        source: '/icons.svg',
        headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
