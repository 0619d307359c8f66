/** Runs once as the server starts (Next's instrumentation hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Every request from here on carries its TCP peer's address, which per-client limits and proxy trust rest on.
    const { recordPeerAddresses } = await import('./lib/http/peer-address');
    recordPeerAddresses();
    // A bad setting stops the server here, with every offending variable named, rather than at first use.
    const { config, ConfigError } = await import('./lib/config');
    try {
      config();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(`[grabline] ${error.message}`);
      process.exit(1);
    }
    const { production, env } = config();
    if (production && !env.SITE_URL) {
      console.warn('[grabline] SITE_URL is not set: canonical links, the sitemap and Open Graph will name http://localhost:3000; the API docs use each request\'s own origin.');
    }
    // Stopping (SIGTERM from an orchestrator or a deploy): live status streams end cleanly before Next exits.
    const { closeStatusStreams } = await import('./lib/downloads/status-stream');
    process.once('SIGTERM', closeStatusStreams);
    const { restoreContentLength } = await import('./lib/http/wire-length');
    restoreContentLength();
    // Not while `next build` prerenders: its workers must be able to exit, and it serves no one.
    if (process.env.NEXT_PHASE !== 'phase-production-build') {
      // REDIS_URL: the state the nodes share (analyses) is registered before the first request.
      const { registerSharedState } = await import('./lib/scale-out');
      registerSharedState();
      // The yt-dlp workers import their engine now (~1 s each with the current yt-dlp), not during the first analysis.
      const { getYtdlpPool } = await import('./lib/media/ytdlp/get-pool');
      getYtdlpPool().warm();
      // An instance with no admin yet gets its one-time setup token now; the log says where the file is.
      const [{ getDb }, { prepareSetupToken }] = await Promise.all([import('./lib/db'), import('./lib/auth/setup-token')]);
      await prepareSetupToken(await getDb()).catch((error) => console.error('[grabline] setup token not prepared:', error));
    }
  }
}
