import type { OpenApiDocument } from './document';

/** The public API's operations as the API page lists them: method, path and the document's examples. */
export interface PublicEndpoint {
  id: 'analyze' | 'download' | 'file' | 'zip' | 'progress' | 'cancel' | 'retry' | 'kept';
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  summary: string;
  request?: unknown;
  /** The JSON answer's example; absent when the answer is a file. */
  response?: unknown;
  /** The media type of an answer that is a file, not JSON. */
  file?: string;
}

const IDS: Record<string, PublicEndpoint['id']> = {
  analyzeMedia: 'analyze',
  startDownload: 'download',
  downloadFile: 'file',
  downloadPostZip: 'zip',
  getDownloadProgress: 'progress',
  cancelDownload: 'cancel',
  retryDownload: 'retry',
  downloadKeptFile: 'kept',
};

type Content = Record<string, { example?: unknown }> | undefined;

export function publicEndpoints(doc: OpenApiDocument): PublicEndpoint[] {
  const endpoints: PublicEndpoint[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const id = IDS[String(op.operationId)];
      if (!id) continue;
      const request = (op.requestBody as { content?: Content } | undefined)?.content?.['application/json']?.example;
      const content = (op.responses as Record<string, { content?: Content }>)['200']?.content ?? {};
      const response = content['application/json']?.example;
      const file = response === undefined ? Object.keys(content)[0] : undefined;
      endpoints.push({
        id, method: method.toUpperCase() as PublicEndpoint['method'], path, summary: String(op.summary), request,
        ...(response !== undefined ? { response } : {}), ...(file ? { file } : {}),
      });
    }
  }
  return endpoints;
}
