// Next 16 treats its own middleware rewrites as requests to another server when it is bound to a loopback
// address (`next start -H 127.0.0.1`, the usual setup behind a reverse proxy): the router builds the request's
// origin from the literal bind address, while the URL the middleware sees names loopback as `localhost`. The
// two origins differ, so next-intl's internal rewrite of `/download` to `/en/download` is proxied over the
// network, redirected back to `/download`, and every English page loops on a 307 (vercel/next.js#94745).
// This applies the upstream fix (vercel/next.js#95917): the router names a loopback bind address `localhost`
// too. Idempotent; run by scripts/setup.sh after npm install. Remove once a fixed Next release is pinned.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const file = path.join(path.dirname(require.resolve('next/package.json')), 'dist/server/lib/router-utils/resolve-routes.js');
const source = readFileSync(file, 'utf8');
const before = "(0, _formathostname.formatHostname)(opts.hostname || 'localhost')";
const after = "(0, _formathostname.formatHostname)(/^(127(\\.\\d{1,3}){3}|\\[?::1\\]?)$/.test(opts.hostname || '') ? 'localhost' : opts.hostname || 'localhost')";

if (source.includes(after)) {
  console.log('patch-next: loopback rewrite fix already applied');
} else if (source.includes(before)) {
  writeFileSync(file, source.replace(before, after));
  console.log('patch-next: applied the loopback rewrite fix');
} else {
  console.log('patch-next: this Next version builds its request origin differently; nothing to patch');
}
