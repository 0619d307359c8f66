import { describe, expect, it } from 'vitest';
import { routePattern } from './route-pattern';

describe('routePattern', () => {
  it.each([
    ['/api/analyze', {}, '/api/analyze'],
    ['/api/status/job_AbC123', { jobId: 'job_AbC123' }, '/api/status/[jobId]'],
    ['/api/bulk/batch_9/zip', { batchId: 'batch_9' }, '/api/bulk/[batchId]/zip'],
    ['/api/history/h1/redownload', { id: 'h1' }, '/api/history/[id]/redownload'],
    ['/api/creators/m%C3%BCller', { slug: 'müller' }, '/api/creators/[slug]'],
    ['/locales/fr/translation.json', { lng: 'fr', file: 'translation.json' }, '/locales/[lng]/[file]'],
    ['/docs/a/b/c', { slug: ['a', 'b', 'c'] }, '/docs/[...slug]'],
    ['/metrics', undefined, '/metrics'],
  ])('%s with %j is %s', (path, params, pattern) => {
    expect(routePattern(path, params)).toBe(pattern);
  });

  it('names the param, not a static word that happens to equal its value', () => {
    // /api/bulk/[batchId]/zip asked for the batch called "zip": the last segment is the route's own word.
    expect(routePattern('/api/bulk/zip/zip', { batchId: 'zip' })).toBe('/api/bulk/[batchId]/zip');
  });

  it('never returns a value a caller chose, however long or odd', () => {
    const id = `x${'%2F'.repeat(50)}<script>`;
    const pattern = routePattern(`/api/download/${id}`, { id: decodeURIComponent(id) });
    expect(pattern).toBe('/api/download/[id]');
  });
});
