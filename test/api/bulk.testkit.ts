import { NextRequest } from 'next/server';
import { expect } from 'vitest';
import { GET as getBatch } from '@/app/api/bulk/[batchId]/route';
import { GET as getZip } from '@/app/api/bulk/[batchId]/zip/route';
import { POST } from '@/app/api/bulk/route';
import type { BulkBatch, BulkStarted } from '@/lib/bulk/schemas';

/** The id a bulk or download link names: `/api/bulk/{batchId}…` and `/api/download/{id}…`. */
export const idOf = (url: string) => decodeURIComponent(new URL(url, 'http://localhost').pathname.split('/')[3]);

/** POST /api/bulk with a JSON body, as the page sends it. */
export const postBulk = (body: unknown, headers: Record<string, string> = {}) => POST(new NextRequest('http://localhost/api/bulk', {
  method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers },
}), { params: Promise.resolve({}) });

/** GET of a batch's status link. */
export const readBatchAt = (url: string, headers: Record<string, string> = {}) =>
  getBatch(new NextRequest(new URL(url, 'http://localhost'), { headers }), { params: Promise.resolve({ batchId: idOf(url) }) });

/** GET of a batch's ZIP link. */
export const batchZipAt = (url: string, headers: Record<string, string> = {}) =>
  getZip(new NextRequest(new URL(url, 'http://localhost'), { headers }), { params: Promise.resolve({ batchId: idOf(url) }) });

/** A batch's state, read through its status link (which must answer 200). */
export async function readBatch(started: BulkStarted, headers: Record<string, string> = {}): Promise<BulkBatch> {
  const res = await readBatchAt(started.statusUrl, headers);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: BulkBatch }).data;
}

/** Polls like the page does (every second there; faster here) until every item has ended. */
export async function batchFinished(started: BulkStarted, headers: Record<string, string> = {}): Promise<BulkBatch> {
  for (let i = 0; i < 1200; i++) {
    const batch = await readBatch(started, headers);
    if (batch.done) return batch;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('batch never finished');
}
