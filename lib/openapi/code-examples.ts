import type { OpenApiDocument } from './document';

/**
 * The API page's Code Examples, written from the OpenAPI document: each language walks the public API's three
 * operations (analyse, start a download, poll its progress) with the document's server, paths, summaries and
 * request examples — rename a path or change an example there and the snippets follow.
 */

export const TOKEN_PLACEHOLDER = 'YOUR_API_TOKEN';

export interface CodeSample {
  id: 'javascript' | 'python' | 'curl';
  label: string;
  code: string;
}

interface Step {
  method: string;
  path: string;
  summary: string;
  body?: Record<string, unknown>;
}

const FLOW = ['analyzeMedia', 'startDownload', 'getDownloadProgress'] as const;

function steps(doc: OpenApiDocument): Record<(typeof FLOW)[number], Step> {
  const found: Partial<Record<(typeof FLOW)[number], Step>> = {};
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const id = op.operationId as (typeof FLOW)[number];
      if (!FLOW.includes(id)) continue;
      const content = (op.requestBody as { content?: Record<string, { example?: Record<string, unknown> }> } | undefined)?.content;
      found[id] = { method: method.toUpperCase(), path, summary: String(op.summary), body: content?.['application/json']?.example };
    }
  }
  for (const id of FLOW) if (!found[id]) throw new Error(`The OpenAPI document has no ${id} operation`);
  return found as Record<(typeof FLOW)[number], Step>;
}

const comment = (prefix: string, step: Step) => `${prefix} ${step.method} ${step.path} — ${step.summary}`;
const js = (value: unknown) => JSON.stringify(value);

/** JSON → a Python literal (true/false/null differ; strings and numbers are the same). */
function py(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `[${value.map(py).join(', ')}]`;
  if (typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${js(k)}: ${py(v)}`).join(', ')}}`;
  return JSON.stringify(value);
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function javascript(base: string, s: Record<(typeof FLOW)[number], Step>): string {
  const progressPath = s.getDownloadProgress.path.replace('{downloadId}', '${downloadId}');
  return `const BASE_URL = ${js(base)};
const API_TOKEN = ${js(TOKEN_PLACEHOLDER)};

async function call(method, path, body) {
  const res = await fetch(BASE_URL + path, {
    method,
    headers: { Authorization: \`Bearer \${API_TOKEN}\`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!json.success) throw new Error(\`\${res.status} \${json.code}: \${json.error}\`);
  return json.data;
}

${comment('//', s.analyzeMedia)}
const media = await call(${js(s.analyzeMedia.method)}, ${js(s.analyzeMedia.path)}, ${js(s.analyzeMedia.body)});
console.log(media.title, media.availableQualities);

${comment('//', s.startDownload)}
const { downloadId } = await call(${js(s.startDownload.method)}, ${js(s.startDownload.path)}, { ...${js(s.startDownload.body)}, url: media.url });

${comment('//', s.getDownloadProgress)}
let progress;
do {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  progress = await call(${js(s.getDownloadProgress.method)}, \`${progressPath}\`);
  console.log(progress.status, \`\${progress.progress}%\`);
} while (progress.status !== 'ready' && progress.status !== 'failed');
if (progress.status === 'failed') throw new Error(progress.message);
console.log('Download:', BASE_URL + progress.downloadUrl);
`;
}

function python(base: string, s: Record<(typeof FLOW)[number], Step>): string {
  const progressPath = s.getDownloadProgress.path.replace('{downloadId}', "{started['downloadId']}");
  return `import time
import requests

BASE_URL = ${js(base)}
API_TOKEN = ${js(TOKEN_PLACEHOLDER)}


def call(method, path, body=None):
    res = requests.request(method, BASE_URL + path, json=body, headers={"Authorization": f"Bearer {API_TOKEN}"})
    data = res.json()
    if not data["success"]:
        raise RuntimeError(f"{res.status_code} {data['code']}: {data['error']}")
    return data["data"]


${comment('#', s.analyzeMedia)}
media = call(${js(s.analyzeMedia.method)}, ${js(s.analyzeMedia.path)}, ${py(s.analyzeMedia.body)})
print(media["title"], media["availableQualities"])

${comment('#', s.startDownload)}
started = call(${js(s.startDownload.method)}, ${js(s.startDownload.path)}, {**${py(s.startDownload.body)}, "url": media["url"]})

${comment('#', s.getDownloadProgress)}
while True:
    time.sleep(2)
    progress = call(${js(s.getDownloadProgress.method)}, f"${progressPath}")
    print(progress["status"], f"{progress['progress']}%")
    if progress["status"] in ("ready", "failed"):
        break
if progress["status"] == "failed":
    raise RuntimeError(progress["message"])
print("Download:", BASE_URL + progress["downloadUrl"])
`;
}

function curlCommand(base: string, step: Step, note = ''): string {
  const path = step.path.replace('{downloadId}', 'DOWNLOAD_ID');
  const lines = [`curl -sS -X ${step.method} ${shellQuote(base + path)}`, `-H "Authorization: Bearer ${TOKEN_PLACEHOLDER}"`];
  if (step.body) lines.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(step.body))}`);
  return `${comment('#', step)}${note}\n${lines.join(' \\\n  ')}`;
}

function curl(base: string, s: Record<(typeof FLOW)[number], Step>): string {
  return [
    curlCommand(base, s.analyzeMedia),
    curlCommand(base, s.startDownload),
    curlCommand(base, s.getDownloadProgress, ' (DOWNLOAD_ID: the downloadId answered above)'),
  ].join('\n\n') + '\n';
}

export function codeExamples(doc: OpenApiDocument): CodeSample[] {
  const base = doc.servers[0]?.url ?? '';
  const s = steps(doc);
  return [
    { id: 'javascript', label: 'JavaScript', code: javascript(base, s) },
    { id: 'python', label: 'Python', code: python(base, s) },
    { id: 'curl', label: 'cURL', code: curl(base, s) },
  ];
}
