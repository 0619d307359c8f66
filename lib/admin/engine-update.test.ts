import { describe, expect, it } from 'vitest';
import { engineUpdateState, startEngineUpdate, type EngineUpdate } from './engine-update';

/** A stand-in for the update script: prints its steps, waits, and exits with the given status. */
const script = (exit: number, waitMs: number) => ({
  file: process.execPath,
  args: ['-e', `console.log('fetching candidate'); console.error('smoke test passed'); setTimeout(() => { console.log('switched'); process.exit(${exit}); }, ${waitMs});`],
});

describe('the engine update from the console', () => {
  it('runs in the background, shows its lines, refuses a second run meanwhile, and records the exit status', async () => {
    let ended: EngineUpdate | undefined;
    const started = startEngineUpdate(script(0, 600), (state) => (ended = state));
    expect(started).toMatchObject({ running: true, exitCode: null, finishedAt: null });
    expect(() => startEngineUpdate(script(0, 10))).toThrow(expect.objectContaining({ code: 'conflict' }));
    await expect.poll(() => engineUpdateState().lines, { timeout: 5000 }).toEqual(['fetching candidate', 'smoke test passed']);
    expect(engineUpdateState().running).toBe(true);
    await expect.poll(() => ended, { timeout: 10_000 }).toBeDefined();
    expect(ended).toMatchObject({ running: false, exitCode: 0, lines: ['fetching candidate', 'smoke test passed', 'switched'] });
    expect(engineUpdateState()).toEqual(ended);

    // Once it has ended, another may start; a failing one keeps its status.
    let failed: EngineUpdate | undefined;
    startEngineUpdate(script(3, 10), (state) => (failed = state));
    await expect.poll(() => failed?.exitCode, { timeout: 10_000 }).toBe(3);
    const missing = await new Promise<EngineUpdate>((resolve) => startEngineUpdate({ file: '/nonexistent/updater', args: [] }, resolve));
    expect(missing.exitCode).toBeNull();
    expect(missing.lines.at(-1)).toMatch(/^could not start/);
  });
});
