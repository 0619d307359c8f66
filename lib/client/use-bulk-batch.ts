'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { apiGet, apiPost, apiRequest } from '@/lib/client/api-client';
import type { BulkBatch, BulkRequest, BulkStarted } from '@/lib/bulk/schemas';

const POLL_MS = 1000;

/** `/api/bulk/{id}?key=…` → `/api/bulk/{id}{suffix}?key=…`: an anonymous batch's actions carry its key too. */
export function batchActionPath(statusUrl: string, suffix: string): string {
  const [path, query] = statusUrl.split('?');
  return `${path}${suffix}${query ? `?${query}` : ''}`;
}

/** Cancel and retry on the queue; each answers with the batch as it now stands. */
export type BulkAction = { kind: 'cancel' | 'retry'; itemId?: string };

export interface BulkOutcome {
  completed: number;
  failed: number;
}

/**
 * Starts a batch and follows it: GET its statusUrl (which alone opens an anonymous batch) once a second until
 * every item has finished, then calls `onDone` once with the counts. `start` rejects with the API's error (the
 * caller shows it).
 */
export function useBulkBatch(onDone: (outcome: BulkOutcome) => void) {
  const [started, setStarted] = useState<BulkStarted | null>(null);
  const batchId = started?.batchId ?? null;
  const [starting, setStarting] = useState(false);
  const reported = useRef<string | null>(null);
  const { data, mutate } = useSWR<BulkBatch>(started ? started.statusUrl : null, (path: string) => apiGet<BulkBatch>(path), {
    refreshInterval: (latest) => (latest?.done ? 0 : POLL_MS),
    revalidateOnFocus: false,
    keepPreviousData: false,
  });
  const batch = data && data.batchId === batchId ? data : undefined;

  useEffect(() => {
    if (!batch?.done || reported.current === batch.batchId) return;
    reported.current = batch.batchId;
    const completed = batch.items.filter((item) => item.status === 'completed').length;
    onDone({ completed, failed: batch.items.length - completed });
  }, [batch, onDone]);

  const start = useCallback(async (request: BulkRequest) => {
    setStarting(true);
    try {
      setStarted(await apiPost<BulkStarted>('/api/bulk', request));
    } finally {
      setStarting(false);
    }
  }, []);

  // An item or the whole batch; a retry makes the batch run again, so its end is reported again.
  const act = useCallback(async ({ kind, itemId }: BulkAction) => {
    if (!started) return;
    const suffix = `${itemId ? `/items/${encodeURIComponent(itemId)}` : ''}${kind === 'retry' ? '/retry' : ''}`;
    const path = batchActionPath(started.statusUrl, suffix);
    const next = await apiRequest<BulkBatch>(path, { method: kind === 'cancel' ? 'DELETE' : 'POST', ...(kind === 'retry' ? { body: {} } : {}) });
    if (kind === 'retry') reported.current = null;
    await mutate(next, { revalidate: false });
  }, [started, mutate]);

  const processing = starting || (batchId !== null && !batch?.done);
  return { batch, start, act, processing };
}
