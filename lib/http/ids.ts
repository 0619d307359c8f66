import { z } from 'zod';

/** Every id we hand out (jobs, downloads, batches, analyses, history entries) is URL-safe and short. */
export const idSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);

/** Route params holding one id under `name`: `idParams('batchId')` for `/api/bulk/[batchId]`. */
export const idParams = <K extends string>(name: K) => z.object({ [name]: idSchema } as Record<K, typeof idSchema>);
