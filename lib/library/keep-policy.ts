import { z } from 'zod';

/**
 * How long a follow's library keeps its files: all of them, the newest N uploads, or each for N days after it was
 * saved. Pure.
 */
export const keepPolicySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('last'), count: z.number().int().min(1).max(10_000) }),
  z.object({ kind: z.literal('days'), days: z.number().int().min(1).max(3650) }),
], { error: 'keep must be {kind: "all"}, {kind: "last", count} or {kind: "days", days}' });
export type KeepPolicy = z.infer<typeof keepPolicySchema>;

export const KEEP_ALL: KeepPolicy = { kind: 'all' };
const DAY_MS = 24 * 60 * 60 * 1000;

export interface KeptEntry {
  id: string;
  publishedAt: number | null;
  createdAt: number;
}

/** The entries the policy no longer keeps. "Newest" is by upload date, then by when the file was saved. */
export function entriesToDrop(entries: readonly KeptEntry[], policy: KeepPolicy, now: number): string[] {
  if (policy.kind === 'all') return [];
  if (policy.kind === 'days') return entries.filter((entry) => entry.createdAt + policy.days * DAY_MS <= now).map((entry) => entry.id);
  const newestFirst = [...entries].sort((a, b) => (b.publishedAt ?? b.createdAt) - (a.publishedAt ?? a.createdAt) || b.createdAt - a.createdAt);
  return newestFirst.slice(policy.count).map((entry) => entry.id);
}

/** The policy as stored: kind and its number (null for "all"). */
export function keepColumns(policy: KeepPolicy): [string, number | null] {
  return [policy.kind, policy.kind === 'last' ? policy.count : policy.kind === 'days' ? policy.days : null];
}

/** A stored policy back; anything unreadable keeps everything. */
export function keepOf(kind: string | null, value: number | null): KeepPolicy {
  const parsed = keepPolicySchema.safeParse(kind === 'last' ? { kind, count: Number(value) } : kind === 'days' ? { kind, days: Number(value) } : { kind: 'all' });
  return parsed.success ? parsed.data : KEEP_ALL;
}
