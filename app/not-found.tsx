import Link from 'next/link';

// Requests outside any locale (rare: the proxy adds one) get a plain page in the default language.
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <main style={{ textAlign: 'center' }}>
          <h1>Page not found</h1>
          <p>
            <Link href="/">Go back home</Link>
          </p>
        </main>
      </body>
    </html>
  );
}
