export { engineHealth } from './engine-health';
export { analysisTtlMs, analyzeMedia, clearAnalyses, getAnalyzed } from './analyze-media';
export type { AnalyzedMedia, AnalyzeOptions } from './types';
