/** Reads a response body in steps: enough to sniff, then enough for the kind found; the rest is cancelled. */
export function openBody(res: Response) {
  const reader = res.body?.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let done = !reader;

  return {
    /** Everything read so far, after reading until `max` bytes or the end. */
    async read(max: number): Promise<Buffer> {
      while (!done && total < max) {
        const next = await reader!.read();
        if (next.done) done = true;
        else {
          chunks.push(next.value);
          total += next.value.byteLength;
        }
      }
      const all = Buffer.concat(chunks);
      return all.length > max ? all.subarray(0, max) : all;
    },
    /** Releases the connection; safe to call twice. */
    async cancel(): Promise<void> {
      if (!done) {
        done = true;
        await reader!.cancel().catch(() => {});
      }
    },
  };
}

/** Reads at most `max` bytes of a response body, then cancels the rest. */
export async function readCapped(res: Response, max: number): Promise<Buffer> {
  const body = openBody(res);
  try {
    return await body.read(max);
  } finally {
    await body.cancel();
  }
}
