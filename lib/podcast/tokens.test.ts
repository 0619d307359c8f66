import { describe, expect, it } from 'vitest';
import { feedTokenMatches, hashFeedToken, newFeedToken } from './tokens';

describe('feed tokens', () => {
  it('are long, URL-safe, distinct, and stored only as their hash', () => {
    const a = newFeedToken();
    const b = newFeedToken();
    expect(a).toMatch(/^pf_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(hashFeedToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashFeedToken(a)).not.toContain(a.slice(3));
  });

  it('match only the token their hash was made of', () => {
    const token = newFeedToken();
    const hash = hashFeedToken(token);
    expect(feedTokenMatches(hash, token)).toBe(true);
    expect(feedTokenMatches(hash, newFeedToken())).toBe(false);
    expect(feedTokenMatches(hash, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(feedTokenMatches(null, token)).toBe(false);
    expect(feedTokenMatches(hash, '')).toBe(false);
    expect(feedTokenMatches(hash, hash)).toBe(false);
    expect(feedTokenMatches('abc', token)).toBe(false);
  });
});
