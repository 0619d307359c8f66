/** Runs once as the server starts (Next's instrumentation hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { restoreContentLength } = await import('./lib/http/wire-length');
    restoreContentLength();
  }
}
