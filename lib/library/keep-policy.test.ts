import { describe, expect, it } from 'vitest';
import { entriesToDrop, keepColumns, keepOf, keepPolicySchema } from './keep-policy';

const DAY = 86_400_000;
const now = 100 * DAY;
const entries = [
  { id: 'old', publishedAt: 1 * DAY, createdAt: 90 * DAY },
  { id: 'new', publishedAt: 50 * DAY, createdAt: 95 * DAY },
  { id: 'mid', publishedAt: null, createdAt: 20 * DAY },
];

describe('keep policy', () => {
  it('keeps everything', () => expect(entriesToDrop(entries, { kind: 'all' }, now)).toEqual([]));
  it('keeps the newest N uploads', () => {
    expect(entriesToDrop(entries, { kind: 'last', count: 2 }, now)).toEqual(['old']);
    expect(entriesToDrop(entries, { kind: 'last', count: 1 }, now)).toEqual(['mid', 'old']);
  });
  it('keeps each file N days after it was saved', () => {
    expect(entriesToDrop(entries, { kind: 'days', days: 11 }, now)).toEqual(['mid']);
    expect(entriesToDrop(entries, { kind: 'days', days: 7 }, now)).toEqual(['old', 'mid']);
    expect(entriesToDrop(entries, { kind: 'days', days: 5 }, now)).toEqual(['old', 'new', 'mid']);
  });
  it('stores and reads back; anything unreadable keeps all', () => {
    expect(keepOf(...keepColumns({ kind: 'last', count: 3 }))).toEqual({ kind: 'last', count: 3 });
    expect(keepOf(...keepColumns({ kind: 'days', days: 30 }))).toEqual({ kind: 'days', days: 30 });
    expect(keepOf('last', 0)).toEqual({ kind: 'all' });
    expect(keepOf('weird', 3)).toEqual({ kind: 'all' });
  });
  it('refuses bad policies with a clear error', () => {
    expect(keepPolicySchema.safeParse({ kind: 'last', count: 0 }).success).toBe(false);
    expect(keepPolicySchema.safeParse({ kind: 'forever' }).error?.issues[0].message).toContain('keep must be');
  });
});
