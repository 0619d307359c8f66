import { describe, expect, it, vi } from 'vitest';
import { createEventBus, engineEvents } from './events';

describe('createEventBus', () => {
  it('hands each event to every subscriber of its name, and to no other', async () => {
    const bus = createEventBus<{ a: number; b: string }>();
    const seen: string[] = [];
    bus.on('a', (n) => void seen.push(`first ${n}`));
    bus.on('a', async (n) => void seen.push(`second ${n}`));
    bus.on('b', (s) => void seen.push(`b ${s}`));
    await bus.emit('a', 1);
    expect(seen.sort()).toEqual(['first 1', 'second 1']);
  });

  it('keeps a failing subscriber from stopping the others or the producer', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bus = createEventBus<{ done: string }>();
    const seen: string[] = [];
    bus.on('done', () => {
      throw new Error('history is down');
    });
    bus.on('done', (id) => void seen.push(id));
    await expect(bus.emit('done', 'job1')).resolves.toBeUndefined();
    expect(seen).toEqual(['job1']);
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});

describe('engineEvents', () => {
  it('is one bus per process: what the engine emits reaches a subscriber made elsewhere', async () => {
    const seen: number[] = [];
    engineEvents().on('media.bytes', ({ bytes }) => void seen.push(bytes));
    await engineEvents().emit('media.bytes', { platform: 'generic', engine: 'native', bytes: 42 });
    expect(engineEvents()).toBe(engineEvents());
    expect(seen).toEqual([42]);
  });
});
