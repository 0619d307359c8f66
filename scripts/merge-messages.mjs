#!/usr/bin/env node
// Merges one namespace into every messages/<locale>.json in one quick read-modify-write per file, so several
// people can add their namespaces at once. Usage: node scripts/merge-messages.mjs <dir> — where <dir> holds
// en.json, ar.json, ar-EG.json, fr.json, each an object of { Namespace: {...} } to set (replacing those namespaces).
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/merge-messages.mjs <dir-with-locale-jsons>');
  process.exit(2);
}
for (const locale of ['en', 'ar', 'ar-EG', 'fr']) {
  const parts = JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8'));
  const target = new URL(`../messages/${locale}.json`, import.meta.url);
  const current = JSON.parse(readFileSync(target, 'utf8'));
  Object.assign(current, parts);
  const tmp = `${target.pathname}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(current, null, 2)}\n`);
  renameSync(tmp, target);
  console.log(`${locale}: set ${Object.keys(parts).join(', ')}`);
}
