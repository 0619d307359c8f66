import type { ReactNode } from 'react';
import { AnalyzeWorkspace } from '@/components/analyze/analyze-workspace';
import { pageAnalysisVisitor } from '@/lib/auth/page-visitor';
import { config } from '@/lib/config';
import { toAppError } from '@/lib/errors';
import { startAnalysis, type StartedAnalysis } from '@/lib/downloads/start-analysis';
import { analyzeRequestSchema } from '@/lib/media/schemas';
import { services } from '@/lib/server';

/**
 * /download?url=… opened in a browser: the server starts the analysis while it renders and waits up to
 * PAGE_ANALYZE_WAIT_MS, so a fast result (a cached or native one) is in the HTML itself — its picture loads
 * before any script has run. A slower one is handed to the browser by its job id, to follow as usual; a refusal
 * (a bad link, a quota) arrives as the job's failure. Nothing is started twice.
 */
export async function AnalyzedOnArrival({ url, belowBar }: { url: string; belowBar?: ReactNode }) {
  const first = await analyzeOnArrival(url);
  return <AnalyzeWorkspace initialUrl={url} initialJob={first} notices="page" belowBar={belowBar} />;
}

async function analyzeOnArrival(input: string): Promise<StartedAnalysis | undefined> {
  const parsed = analyzeRequestSchema.safeParse({ url: input });
  if (!parsed.success) return undefined;
  try {
    const caller = await pageAnalysisVisitor(() => services().db(), '/download');
    if (!caller) return undefined;
    const { events, ...deps } = services();
    void events.emit('client.active', { subject: caller.activeSubject });
    return await startAnalysis(deps, { url: parsed.data.url, engine: 'auto', caller, waitMs: config().env.PAGE_ANALYZE_WAIT_MS });
  } catch (error) {
    const { code, message, details } = toAppError(error);
    if (code === 'internal') {
      console.error('[download] analysis on arrival failed', error);
      return undefined;
    }
    return { jobId: '', status: 'error', progress: 0, code, message, ...(details ? { details } : {}) };
  }
}
