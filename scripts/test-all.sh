#!/usr/bin/env bash
# Runs every suite — lint (process boundaries), import cycles, typecheck, unit + integration (vitest), e2e (Playwright in
# Chromium) — and ends with one line "N passed, N failed" summed over all of them. Exit 0 only if all pass.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/vitest.json test-results/e2e-results.json test-results/static-checks.json
status=0
checks_passed=0
checks_failed=0

step() { printf '\n=== %s ===\n' "$1"; }

step "lint: process boundaries and code rules"
if npx eslint . ; then checks_passed=$((checks_passed+1)); else checks_failed=$((checks_failed+1)); status=1; fi

step "imports: no cycles (scripts/check-import-cycles.mjs)"
if node scripts/check-import-cycles.mjs ; then checks_passed=$((checks_passed+1)); else checks_failed=$((checks_failed+1)); status=1; fi

step "format: prettier --check (npm run format:check)"
if npm run -s format:check ; then checks_passed=$((checks_passed+1)); else checks_failed=$((checks_failed+1)); status=1; fi

step "typecheck: shared, node, renderer and test projects (strict)"
if npm run -s typecheck ; then checks_passed=$((checks_passed+1)); else checks_failed=$((checks_failed+1)); status=1; fi

step "build: main, preload, worker, CLI, renderer"
if npm run -s build ; then checks_passed=$((checks_passed+1)); else checks_failed=$((checks_failed+1)); status=1; fi

step "unit and integration tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || status=1

step "end-to-end tests (Playwright, Chromium, real handler table)"
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  CI=1 npx playwright test || status=1
else
  echo "Chromium not found at ${CHROMIUM_PATH:-/usr/bin/chromium}: install it (apt-get install -y chromium) — counted as a failure"
  status=1
  checks_failed=$((checks_failed+1))
fi

printf '{"passed":%d,"failed":%d}\n' "$checks_passed" "$checks_failed" > test-results/static-checks.json
echo
node scripts/summarize-tests.mjs
exit $status
