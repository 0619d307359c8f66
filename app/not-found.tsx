// Requests outside any locale (rare: the proxy adds one) get a plain page in the default language. Its link is a
// plain <a>: this page is part of every page's client tree, and next/link here put a second copy of the link's
// code (about 3 KB gzipped) in every page's first load besides the one the header's links use.
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <main style={{ textAlign: 'center' }}>
          <h1>Page not found</h1>
          <p>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load from this page is fine (above) */}
            <a href="/">Go back home</a>
          </p>
        </main>
      </body>
    </html>
  );
}
