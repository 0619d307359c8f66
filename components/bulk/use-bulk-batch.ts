'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { apiGet, apiPost } from '@/lib/client/api-client';
import type { BulkBatch, BulkRequest } from '@/lib/bulk/schemas';

const POLL_MS = 1000;

export interface BulkOutcome {
  completed: number;
  failed: number;
}

/**
 * Starts a batch and follows it: GET /api/bulk/{id} once a second until every item has finished, then calls
 * `onDone` once with the counts. `start` rejects with the API's error (the caller shows it).
 */
export function useBulkBatch(onDone: (outcome: BulkOutcome) => void) {
  const [batchId, setBatchId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const reported = useRef<string | null>(null);
  const { data } = useSWR<BulkBatch>(batchId ? `/api/bulk/${batchId}` : null, (path: string) => apiGet<BulkBatch>(path), {
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
      const { batchId: id } = await apiPost<{ batchId: string }>('/api/bulk', request);
      setBatchId(id);
    } finally {
      setStarting(false);
    }
  }, []);

  const processing = starting || (batchId !== null && !batch?.done);
  return { batch, start, processing };
}
