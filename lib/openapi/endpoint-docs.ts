import type { OpenApiDocument } from './document';

/** The public API's operations as the API page lists them: method, path and the document's examples. */
export interface PublicEndpoint {
  id: 'analyze' | 'download' | 'progress';
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  request?: unknown;
  response: unknown;
}

const IDS: Record<string, PublicEndpoint['id']> = {
  analyzeMedia: 'analyze',
  startDownload: 'download',
  getDownloadProgress: 'progress',
};

type Content = Record<string, { example?: unknown }> | undefined;

export function publicEndpoints(doc: OpenApiDocument): PublicEndpoint[] {
  const endpoints: PublicEndpoint[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const id = IDS[String(op.operationId)];
      if (!id) continue;
      const request = (op.requestBody as { content?: Content } | undefined)?.content?.['application/json']?.example;
      const response = ((op.responses as Record<string, { content?: Content }>)['200']?.content ?? {})['application/json']?.example;
      endpoints.push({ id, method: method.toUpperCase() as PublicEndpoint['method'], path, summary: String(op.summary), request, response });
    }
  }
  return endpoints;
}
