import 'server-only';
import { spawn, type ChildProcess } from 'node:child_process';
import { config } from '@/lib/config';
import { AppError, outOfStorage } from '@/lib/errors';

/** The converter to run (FFMPEG_PATH). */
export const ffmpegBin = (): string => config().env.FFMPEG_PATH;

export interface RunFfmpegOptions {
  signal?: AbortSignal;
  /** Seconds of output written so far, from ffmpeg's own `-progress` report (out_time_us). */
  onProgress?: (seconds: number) => void;
  /** How long SIGTERM may take before SIGKILL (default 2 s). */
  killGraceMs?: number;
}

/** Every ffmpeg we started and has not exited: counted for tests and health, killed if Node exits first. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

export function runningFfmpegCount(): number {
  return running.size;
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A child outlives a parent that exits without killing it: no orphan ffmpeg keeps writing into a temp dir.
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/** ffmpeg must never be handed a remote URL: refuse any argument that names a network protocol. */
function assertLocalOnly(args: readonly string[]): void {
  const remote = args.find((arg) => /^[a-z][a-z0-9+.-]*:\/\//i.test(arg) || /^(rtmps?|rtsp|tcp|udp|tls|srt|concat|subfile):/i.test(arg));
  if (remote !== undefined) throw new AppError('internal', 'ffmpeg may only read local files and pipes');
}

/** `-progress` writes key=value blocks; out_time_us (out_time_ms in old builds, also µs) is the output clock. */
function progressParser(onProgress: (seconds: number) => void): (chunk: Buffer) => void {
  let pending = '';
  return (chunk) => {
    pending += chunk.toString('latin1');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
      if (match) onProgress(Number(match[1]) / 1_000_000);
    }
  };
}

/**
 * Runs ffmpeg with `args` (no shell) and resolves when it exits 0. Always non-interactive, errors only on
 * stderr, local files and pipes only. On abort it sends SIGTERM, then SIGKILL after the grace, and settles only
 * once the process has exited, so the caller may delete its files right away.
 */
export function runFfmpeg(args: readonly string[], opts: RunFfmpegOptions = {}): Promise<void> {
  try {
    assertLocalOnly(args);
    opts.signal?.throwIfAborted();
  } catch (error) {
    return Promise.reject(error);
  }
  installExitHook();
  const fullArgs = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-progress', 'pipe:3', ...args];
  const child = spawn(ffmpegBin(), fullArgs, { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  running.add(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const progress = child.stdio[3] as NodeJS.ReadableStream;
  if (opts.onProgress) progress.on('data', progressParser(opts.onProgress));
  else progress.resume();

  let killTimer: NodeJS.Timeout | undefined;
  const onAbort = () => {
    child.kill('SIGTERM');
    killTimer = setTimeout(() => child.kill('SIGKILL'), opts.killGraceMs ?? 2000);
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });

  return new Promise<void>((resolve, reject) => {
    child.once('error', (error) => {
      // spawn failure (ffmpeg missing): 'close' may never follow.
      running.delete(child);
      opts.signal?.removeEventListener('abort', onAbort);
      reject(new AppError('unavailable', 'The converter is not available', { cause: error.message }));
    });
    child.once('close', (code, signalName) => {
      running.delete(child);
      clearTimeout(killTimer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (opts.signal?.aborted) return reject(opts.signal.reason ?? new AppError('unavailable', 'Cancelled'));
      if (code === 0) return resolve();
      console.error('[ffmpeg] failed', code ?? signalName, stderr.trim().split('\n').slice(-3).join(' | '));
      // A full disk and a converter killed from outside (OOM killer, an operator) are told apart from a bad input.
      if (/No space left on device|Disk quota exceeded/i.test(stderr)) return reject(outOfStorage());
      if (signalName) return reject(new AppError('unavailable', 'The conversion was interrupted. Please try again.', { signal: signalName }));
      reject(new AppError('internal', 'Conversion failed', { exitCode: code, signal: signalName }));
    });
  });
}
