import { apiGet } from '@/lib/client/api-client';

/** SWR's fetcher for our JSON envelope: the key is the path, the value its `data`. */
export const fetchData = <T,>(path: string) => apiGet<T>(path);
