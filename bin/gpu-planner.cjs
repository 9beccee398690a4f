#!/usr/bin/env node
// The gpu-planner command: runs the built CLI (npm run build writes dist/).
const path = require('node:path');
const fs = require('node:fs');
const built = path.join(__dirname, '..', 'dist', 'cli', 'gpu-planner.cjs');
if (!fs.existsSync(built)) {
  process.stderr.write('gpu-planner: not built yet; run `npm run build` in ' + path.join(__dirname, '..') + '\n');
  process.exit(2);
}
require(built);
