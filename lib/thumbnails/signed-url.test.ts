import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetJwtKey } from '@/lib/http/server-secret';
import { MAX_SOURCE_LENGTH, publicThumbnail, thumbnailPath, thumbnailSource, verifyThumbnail } from './signed-url';

const dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-thumb-sign-'));
const SRC = 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg?a=1&b=2';
const query = (value: string) => Object.fromEntries(new URLSearchParams(value.split('?')[1]));

beforeEach(() => {
  process.env.DATA_DIR = dataDir;
  delete process.env.JWT_SECRET;
  forgetJwtKey();
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.JWT_SECRET;
  forgetJwtKey();
});

describe('signed thumbnail paths', () => {
  it('carry the source and a signature only this server can make', () => {
    const { src, sig } = query(thumbnailPath(SRC));
    expect(src).toBe(SRC);
    expect(verifyThumbnail(src, sig)).toBe(true);
    expect(verifyThumbnail(`${SRC}x`, sig)).toBe(false);
    expect(verifyThumbnail(src, sig.toUpperCase() === sig ? sig.toLowerCase() : sig.toUpperCase())).toBe(false);
    expect(verifyThumbnail(src, undefined)).toBe(false);
    expect(verifyThumbnail(undefined, sig)).toBe(false);
    process.env.JWT_SECRET = 'another-server-secret-that-is-long-enough';
    forgetJwtKey();
    expect(verifyThumbnail(src, sig)).toBe(false);
  });

  it('publicThumbnail: remote pictures become our route, data: and our own paths stay, other schemes go', () => {
    expect(publicThumbnail(SRC)).toBe(thumbnailPath(SRC));
    expect(publicThumbnail('HTTP://img.example/a.png')).toBe(thumbnailPath('HTTP://img.example/a.png'));
    expect(publicThumbnail('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(publicThumbnail('/og.png')).toBe('/og.png');
    for (const value of ['//evil.example/a.jpg', 'javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,<script>', '', null, undefined]) {
      expect(publicThumbnail(value), String(value)).toBeUndefined();
    }
    expect(publicThumbnail(`https://img.example/${'a'.repeat(MAX_SOURCE_LENGTH)}`)).toBeUndefined();
  });

  it('a path of our route is signed afresh (a stored entry survives a new secret) and unwraps to its source', () => {
    const old = thumbnailPath(SRC);
    process.env.JWT_SECRET = 'another-server-secret-that-is-long-enough';
    forgetJwtKey();
    const renewed = publicThumbnail(old)!;
    expect(renewed).not.toBe(old);
    expect(verifyThumbnail(query(renewed).src, query(renewed).sig)).toBe(true);
    expect(publicThumbnail(renewed)).toBe(renewed);
    expect(thumbnailSource(renewed)).toBe(SRC);
    expect(thumbnailSource('/og.png')).toBe('/og.png');
  });
});
