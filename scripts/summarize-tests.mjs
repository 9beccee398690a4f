// Sums the results of every suite into one line: "N passed, N failed" (skipped added when there are any).
import fs from 'node:fs';

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
let passed = 0;
let failed = 0;
let skipped = 0;
const parts = [];

const checks = read('test-results/static-checks.json');
if (checks) {
  passed += checks.passed;
  failed += checks.failed;
  parts.push(`checks ${checks.passed}/${checks.passed + checks.failed}`);
}
const vitest = read('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitest.numRuntimeErrorTestSuites ?? 0);
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  parts.push(`vitest ${vitest.numPassedTests}/${vitest.numTotalTests}`);
} else {
  failed += 1;
  parts.push('vitest: no results');
}
const e2e = read('test-results/e2e-results.json');
if (e2e) {
  const s = e2e.stats;
  passed += s.expected + (s.flaky ?? 0);
  failed += s.unexpected;
  skipped += s.skipped ?? 0;
  parts.push(`e2e ${s.expected}/${s.expected + s.unexpected + (s.flaky ?? 0)}`);
} else {
  failed += 1;
  parts.push('e2e: no results');
}
console.log(`suites: ${parts.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
