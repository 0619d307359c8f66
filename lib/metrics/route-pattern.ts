/**
 * A request's route pattern from its path and the params Next matched: `/api/status/job_1` with `{jobId}` is
 * `/api/status/[jobId]`, a catch-all `[...slug]`. Every dynamic segment of a route is one of its params, so what
 * is left is the route's own words — never an id, a link or anything else a caller chose.
 */
export function routePattern(pathname: string, params: unknown): string {
  const segments = pathname.split('/').slice(1);
  const values = params && typeof params === 'object' ? Object.entries(params as Record<string, unknown>) : [];
  let from = 0;
  for (const [name, value] of values) {
    const parts = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
    if (parts.length === 0) continue;
    // Params come in the order of the route's segments: each is found after the previous one.
    for (let i = from; i + parts.length <= segments.length; i++) {
      if (!parts.every((part, k) => decoded(segments[i + k]) === part)) continue;
      segments.splice(i, parts.length, Array.isArray(value) ? `[...${name}]` : `[${name}]`);
      from = i + 1;
      break;
    }
  }
  return `/${segments.join('/')}`.slice(0, 200);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
