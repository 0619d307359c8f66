import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { METER_BATCH_BYTES, nodeBody, withMeter, type BodyMeter } from './metered-body';

const MIB = 1024 * 1024;

/** `count` chunks of `size` bytes, chunk i filled with i. */
function source(count: number, size: number): Readable {
  let i = 0;
  return new Readable({
    read() {
      this.push(i < count ? Buffer.alloc(size, i++ % 256) : null);
    },
  });
}

function recorder() {
  const events: string[] = [];
  let counted = 0;
  const meter: BodyMeter = {
    count: (bytes) => {
      counted += bytes;
      events.push(`count ${bytes}`);
    },
    end: (complete) => events.push(`end ${complete}`),
  };
  return { meter, events, counted: () => counted };
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of body) parts.push(part);
  return Buffer.concat(parts);
}

describe('nodeBody and its meters', () => {
  it('hands on every byte in order, and the meters hear of them in batches, all of them before the end', async () => {
    let closed = 0;
    const res = new Response(nodeBody(source(40, 512 * 1024), () => (closed += 1)));
    const a = recorder();
    const b = recorder();
    expect(withMeter(withMeter(res, a.meter), b.meter)).toBe(res); // a body of ours takes meters as it is
    const body = await readAll(res.body!);
    expect(body.length).toBe(20 * MIB);
    expect(body[0]).toBe(0);
    expect(body[body.length - 1]).toBe(39);
    expect(a.counted()).toBe(20 * MIB);
    expect(a.events.at(-1)).toBe('end true');
    // never per chunk: far fewer counts than the 40 chunks, each but the last at least a batch
    const counts = a.events.filter((e) => e.startsWith('count')).map((e) => Number(e.split(' ')[1]));
    expect(counts.length).toBeLessThanOrEqual(Math.ceil((20 * MIB) / METER_BATCH_BYTES));
    expect(counts.slice(0, -1).every((bytes) => bytes >= METER_BATCH_BYTES)).toBe(true);
    expect(b.events).toEqual(a.events);
    expect(closed).toBe(1);
  });

  it('a whole body closes only once the last count has been written', async () => {
    let written = 0;
    const res = withMeter(new Response(nodeBody(source(3, 1000), () => {})), {
      count: (bytes) => new Promise<void>((resolve) => setTimeout(() => {
        written += bytes;
        resolve();
      }, 30)),
    });
    await readAll(res.body!);
    expect(written).toBe(3000);
  });

  it('counts exactly what the client took when it goes away, ends incomplete and stops the source', async () => {
    const node = source(1000, 64 * 1024);
    let closed = 0;
    const res = new Response(nodeBody(node, () => (closed += 1)));
    const rec = recorder();
    withMeter(res, rec.meter);
    const reader = res.body!.getReader();
    let taken = 0;
    while (taken < 3 * MIB) taken += (await reader.read()).value!.byteLength;
    await reader.cancel();
    expect(rec.counted()).toBe(taken);
    expect(rec.events.at(-1)).toBe('end false');
    expect(node.destroyed).toBe(true);
    expect(closed).toBe(1);
  });

  it('fails the body when the source fails, ending incomplete after counting what went', async () => {
    const node = new Readable({ read() {} });
    const rec = recorder();
    const res = withMeter(new Response(nodeBody(node, () => {})), rec.meter);
    const reader = res.body!.getReader();
    node.push(Buffer.alloc(100));
    expect((await reader.read()).value!.byteLength).toBe(100);
    node.destroy(new Error('origin lost'));
    await expect(reader.read()).rejects.toThrow('origin lost');
    expect(rec.events).toEqual(['count 100', 'end false']);
  });
});

describe('withMeter', () => {
  it('wraps a body not made here once, passing its bytes on unchanged', async () => {
    const rec = recorder();
    const other = recorder();
    const original = new Response('hello world', { status: 206, headers: { 'x-a': '1' } });
    const metered = withMeter(original, rec.meter);
    expect(metered).not.toBe(original);
    expect(withMeter(metered, other.meter)).toBe(metered);
    expect(metered.status).toBe(206);
    expect(metered.headers.get('x-a')).toBe('1');
    expect(await metered.text()).toBe('hello world');
    expect(rec.events).toEqual(['count 11', 'end true']);
    expect(other.events).toEqual(['count 11', 'end true']);
  });

  it('a response without a body has ended whole', () => {
    const rec = recorder();
    const res = new Response(null, { status: 204 });
    expect(withMeter(res, rec.meter)).toBe(res);
    expect(rec.events).toEqual(['end true']);
  });
});
