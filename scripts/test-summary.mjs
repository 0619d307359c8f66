#!/usr/bin/env node
// Reads the runners' JSON reports (Vitest, Playwright) plus the plain checks passed as name:pass|fail arguments,
// prints per-runner counts and then the one line CI reads: "N passed, N failed". Exits 1 when anything failed.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const lines = [];

function add(name, p, f, note = '') {
  passed += p;
  failed += f;
  lines.push(`${name}: ${p} passed, ${f} failed${note}`);
}

if (existsSync('reports/vitest.json')) {
  const report = JSON.parse(readFileSync('reports/vitest.json', 'utf8'));
  // Suites that failed to load count once each: their tests never ran.
  const broken = (report.testResults ?? []).filter((r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0).length;
  add('vitest', report.numPassedTests ?? 0, (report.numFailedTests ?? 0) + broken, broken ? ` (${broken} suites failed to load)` : '');
} else {
  add('vitest', 0, 1, ' (no report)');
}

if (existsSync('reports/playwright.json')) {
  const stats = JSON.parse(readFileSync('reports/playwright.json', 'utf8')).stats ?? {};
  const flaky = stats.flaky ?? 0;
  add('playwright', (stats.expected ?? 0) + flaky, stats.unexpected ?? 0, flaky ? ` (${flaky} passed on retry)` : '');
} else {
  add('playwright', 0, 1, ' (no report)');
}

for (const arg of process.argv.slice(2)) {
  const [name, result] = arg.split(':');
  add(name, result === 'pass' ? 1 : 0, result === 'pass' ? 0 : 1);
}

console.log('');
for (const line of lines) console.log(`  ${line}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
