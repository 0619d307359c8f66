export { engineHealth } from './engine-health';
export { analysisTtlMs, analyzeMedia, clearAnalyses, getAnalyzed, loadAnalyzed, setAnalysisStore } from './analyze-media';
export type { AnalysisStore, StoredAnalysis, TextStore } from './analysis-store';
export { sharedAnalysisStore } from './shared-analysis-store';
export type { AnalyzedMedia, AnalyzeOptions } from './types';
