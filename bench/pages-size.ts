import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** What one page costs before it can run: its HTML as served and the JavaScript the HTML makes the browser load. */
export interface PageWeight {
  route: string;
  status: number;
  /** The HTML document, uncompressed, in bytes. */
  htmlBytes: number;
  /** Every script the document loads (`<script src>` and `<link rel=preload|modulepreload as=script>`), gzipped, in bytes. */
  jsGzipBytes: number;
  jsRawBytes: number;
  scripts: { src: string; raw: number; gzip: number }[];
  /** The document itself, to look into. */
  html: string;
}

/**
 * The same-origin scripts a document loads before it is interactive, in document order, each once. A `noModule`
 * script (Next's polyfills for browsers without modules) is left out: no browser that runs the page's modules
 * fetches it.
 */
export function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"[^>]*>/g)) {
    if (!/\snomodule\b/i.test(match[0])) found.add(match[1]);
  }
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    const rel = /\srel="([^"]+)"/.exec(tag)?.[1] ?? '';
    const as = /\sas="([^"]+)"/.exec(tag)?.[1];
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    if (href && (rel === 'modulepreload' || (rel === 'preload' && as === 'script'))) found.add(href);
  }
  return [...found].filter((src) => src.startsWith('/_next/static/'));
}

/** The chunk's bytes straight from the build output (what `next start` serves under /_next/static). */
function chunkBytes(src: string, buildDir: string): Buffer {
  const rel = decodeURIComponent(src.split('?')[0].replace(/^\/_next\//, ''));
  return readFileSync(path.join(buildDir, rel));
}

/** Fetches one page as a first-time visitor (no cookies unless given) and weighs it. */
export async function weighPage(base: string, route: string, opts: { buildDir: string; cookie?: string }): Promise<PageWeight> {
  const res = await fetch(base + route, {
    headers: { Accept: 'text/html', ...(opts.cookie ? { Cookie: opts.cookie } : {}) },
    redirect: 'manual',
  });
  const html = await res.text();
  const scripts = scriptsOf(html).map((src) => {
    const bytes = chunkBytes(src, opts.buildDir);
    return { src, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return {
    route,
    status: res.status,
    htmlBytes: Buffer.byteLength(html),
    jsGzipBytes: scripts.reduce((sum, s) => sum + s.gzip, 0),
    jsRawBytes: scripts.reduce((sum, s) => sum + s.raw, 0),
    scripts,
    html,
  };
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
