// npm run env:example — writes .env.example from README.md's Configuration table, so the two never disagree (a test
// checks both against lib/config.ts). Each variable is listed unset, its description and default above it.
import { readFileSync, writeFileSync } from 'node:fs';

const wrap = (text, width = 114) => {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
};

const out = [
  "# Grabline's settings. Every one has a working default but compose.yaml's two secrets (JWT_SECRET and",
  '# POSTGRES_PASSWORD, which it requires): copy this file to .env and set only what you change.',
  '# Each variable is shown unset, its default in the comment above it. Values are checked at start: a bad one stops',
  "# the server with a message naming it. README.md's Configuration table says the same.",
];
for (const row of readFileSync('README.md', 'utf8').split('\n')) {
  const section = /^\| \*\*(\w[\w ]*)\*\* \|/.exec(row);
  if (section) {
    out.push('', `# --- ${section[1]} ---`);
    continue;
  }
  const m = /^\| (`[A-Z_]+`(?:, `[A-Z_]+`)*) \| (.*?) \| (.*) \|$/.exec(row);
  if (!m) continue;
  const names = [...m[1].matchAll(/`([A-Z_]+)`/g)].map((n) => n[1]);
  if (names.length === 1 && (names[0] === 'TEST_DATABASE_URL' || names[0] === 'TEST_REDIS_URL')) continue;
  const description = m[3].replace(/\*\*|`/g, '').replace(/\\\|/g, '|');
  const fallback = m[2].replace(/`/g, '');
  const parts = fallback.split(',').map((d) => d.trim());
  const defaults = names.length > 1 && parts.length === names.length ? parts : names.map(() => fallback);
  names.forEach((name, i) => {
    out.push(...wrap(description).map((l) => `# ${l}`), `# default: ${defaults[i] === '—' ? 'unset' : defaults[i]}`, `${name}=`);
  });
}
writeFileSync('.env.example', `${out.join('\n')}\n`);
console.log('env-example: .env.example written');
