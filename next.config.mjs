import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The container image runs Next's self-contained server (node server.js); a plain checkout keeps `next start`.
  ...(process.env.GRABLINE_STANDALONE === '1' ? { output: 'standalone' } : {}),
  // Native and server-side packages stay outside the bundle.
  serverExternalPackages: ['better-sqlite3', 'pg', 'bullmq', 'ioredis'],
  images: { unoptimized: true },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
