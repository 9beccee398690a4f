// Builds every process: main, preload, estimation worker, CLI, e2e bridge client and benchmarks with esbuild
// (CommonJS for Node/Electron), and the renderer with Vite. `npm run build` runs it.
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import fs from 'node:fs';
import path from 'node:path';
import { generateChannelNames } from './gen-channel-names.mjs';

const root = path.resolve(import.meta.dirname, '..');
const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
const only = process.argv.includes('--node-only') ? 'node' : process.argv.includes('--renderer-only') ? 'renderer' : 'all';

const nodeEntries = {
  'electron/main': 'electron/main/main.ts',
  'electron/preload': 'electron/preload/preload.ts',
  'cli/gpu-planner': 'electron/cli/main.ts',
};
for (const [out, src] of Object.entries({
  'electron/estimation.worker': 'electron/worker/estimation.worker.ts',
  'electron/import.child': 'electron/services/budget/import/import.child.ts',
  'electron/preview.child': 'electron/services/budget/import/preview.child.ts',
  'electron/optimizer.worker': 'electron/worker/optimizer.worker.ts',
  'bench/run-benchmarks': 'bench/run-benchmarks.ts',
})) {
  if (fs.existsSync(path.join(root, src))) nodeEntries[out] = src;
}

if (only !== 'renderer') {
  // The preload imports the contract's names only (shared/ipc/channel-names.ts), regenerated from the contract here.
  await generateChannelNames();
  await build({
    absWorkingDir: root,
    entryPoints: nodeEntries,
    outdir: 'dist',
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    define: { __GPU_PLANNER_VERSION__: JSON.stringify(version) },
    external: ['electron', 'better-sqlite3', 'playwright-core', 'vite', 'esbuild', 'highs'],
    logLevel: 'warning',
  });
  // The e2e bridge client runs in Chromium: a browser bundle that builds window.api over exposed functions.
  if (fs.existsSync(path.join(root, 'e2e/bridge-client.ts'))) {
    await buildBrowserScript('e2e/bridge-client', 'e2e/bridge-client.ts');
  }
  // Browser mode (gpu-planner serve): the same window.api over HTTP, injected by the server in index.html.
  await buildBrowserScript('server/http-bootstrap', 'renderer/browser/http-bootstrap.ts');
}
if (only !== 'node') {
  await viteBuild({ configFile: path.join(root, 'vite.config.mts'), logLevel: 'warn' });
}
console.error(`built ${only === 'all' ? 'main, preload, worker, CLI and renderer' : only} into dist/`);

/** A script injected into a page (no module system): one IIFE bundle for Chromium, written to dist/<name>.js. */
function buildBrowserScript(name, entry) {
  return build({
    absWorkingDir: root,
    entryPoints: { [name]: entry },
    outdir: 'dist',
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    logLevel: 'warning',
  });
}
