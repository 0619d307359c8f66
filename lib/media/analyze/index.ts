export { engineHealth, type EngineHealthDeps } from './engine-health';
export { analysisTtlMs, analyzeMedia, clearAnalyses, getAnalyzed, loadAnalyzed, setAnalysisStore } from './analyze-media';
export type { AnalysisStore, StoredAnalysis, TextStore } from './analysis-store';
export { sharedAnalysisStore } from './shared-analysis-store';
export { analysisEngines, type EngineDeps } from './run-engine';
export type { Analyze, AnalyzedMedia, AnalyzeOptions } from './types';
