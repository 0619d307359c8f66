/** The three Code Examples: analyse a link, start a download, poll its progress — same flow in each language. */
export function codeSamples(baseUrl: string): { id: 'javascript' | 'python' | 'curl'; label: string; code: string }[] {
  return [
    {
      id: 'javascript',
      label: 'JavaScript',
      code: `const API = '${baseUrl}/api/media';
const headers = { Authorization: \`Bearer \${process.env.GRABLINE_TOKEN}\`, 'Content-Type': 'application/json' };

const analyzed = await fetch(\`\${API}/analyze\`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
}).then((res) => res.json());
console.log(analyzed.data.title, analyzed.data.availableQualities);

const started = await fetch(\`\${API}/download\`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ url: analyzed.data.url, quality: '1080p', format: 'mp4' }),
}).then((res) => res.json());

const progress = await fetch(\`\${API}/progress/\${started.data.downloadId}\`, { headers }).then((res) => res.json());
console.log(progress.data.status, progress.data.downloadUrl);`,
    },
    {
      id: 'python',
      label: 'Python',
      code: `import os
import requests

API = "${baseUrl}/api/media"
headers = {"Authorization": f"Bearer {os.environ['GRABLINE_TOKEN']}"}

analyzed = requests.post(f"{API}/analyze", json={"url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ"}, headers=headers).json()
print(analyzed["data"]["title"], analyzed["data"]["availableQualities"])

started = requests.post(
    f"{API}/download",
    json={"url": analyzed["data"]["url"], "quality": "1080p", "format": "mp4"},
    headers=headers,
).json()

progress = requests.get(f"{API}/progress/{started['data']['downloadId']}", headers=headers).json()
print(progress["data"]["status"], progress["data"]["downloadUrl"])`,
    },
    {
      id: 'curl',
      label: 'cURL',
      code: `curl -X POST ${baseUrl}/api/media/analyze \\
  -H "Authorization: Bearer $GRABLINE_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"url":"https://www.youtube.com/watch?v=dQw4w9WgXcQ"}'

curl -X POST ${baseUrl}/api/media/download \\
  -H "Authorization: Bearer $GRABLINE_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"url":"https://www.youtube.com/watch?v=dQw4w9WgXcQ","quality":"1080p","format":"mp4"}'

curl ${baseUrl}/api/media/progress/DOWNLOAD_ID \\
  -H "Authorization: Bearer $GRABLINE_TOKEN"`,
    },
  ];
}
