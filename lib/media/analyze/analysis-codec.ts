import type { StoredAnalysis } from './analysis-store';

/**
 * An analysis as JSON text and back, losslessly: its plans are a Map and a bigint may ride in an extractor's
 * fields, neither of which JSON carries, so both are written as tagged objects. The tags cannot collide with
 * a site's data: they are keys no extractor writes.
 */
const MAP = '$grabline:map';
const BIGINT = '$grabline:bigint';

export function encodeAnalysis(entry: StoredAnalysis): string {
  return JSON.stringify(entry, (_key, value: unknown) => {
    if (value instanceof Map) return { [MAP]: [...value.entries()] };
    if (typeof value === 'bigint') return { [BIGINT]: value.toString() };
    return value;
  });
}

export function decodeAnalysis(text: string): StoredAnalysis {
  return JSON.parse(text, (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const tagged = value as Record<string, unknown>;
      if (Array.isArray(tagged[MAP]) && Object.keys(tagged).length === 1) return new Map(tagged[MAP] as [unknown, unknown][]);
      if (typeof tagged[BIGINT] === 'string' && Object.keys(tagged).length === 1) return BigInt(tagged[BIGINT]);
    }
    return value;
  }) as StoredAnalysis;
}
