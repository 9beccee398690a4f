// Fails on any import cycle between the repository's TypeScript files (issue 30, item 2). Type-only imports count:
// a type shared by two modules belongs in a third one. `npm test` runs it; by hand: node scripts/check-import-cycles.mjs
// Uses the TypeScript compiler's own pre-processor and module resolver (no extra package).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_FOLDERS = ['shared', 'electron', 'renderer', 'bench', 'scripts', 'e2e'];
const SKIP = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);

/** Every .ts/.tsx file (no .d.ts) under the given folders of `dir`. */
export function sourceFiles(dir, folders = SOURCE_FOLDERS) {
  const out = [];
  const walk = (folder) => {
    if (!fs.existsSync(folder)) return;
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
    }
  };
  for (const f of folders) walk(path.join(dir, f));
  return out.sort();
}

/** file → the repository files it imports (static, type-only, re-exports and dynamic `import()`). */
export function importGraph(files) {
  const options = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowJs: false,
    resolveJsonModule: true,
  };
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of info.importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && known.has(path.resolve(resolved))) targets.add(path.resolve(resolved));
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The strongly connected components with more than one file (or a file importing itself), each as one cycle path. */
export function findCycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  // Iterative Tarjan (the graph has ~1,000 files; recursion would be fine, but this never overflows).
  for (const start of graph.keys()) {
    if (indices.has(start)) continue;
    const work = [[start, 0]];
    indices.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1]++;
        const next = edges[i];
        if (!indices.has(next)) {
          indices.set(next, index);
          low.set(next, index++);
          stack.push(next);
          onStack.add(next);
          work.push([next, 0]);
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indices.get(next)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === indices.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component.sort());
      }
    }
  }
  return components.map((component) => cyclePath(graph, component));
}

/** One concrete loop through a component (breadth-first from its first file back to it), for a readable message. */
function cyclePath(graph, component) {
  const inside = new Set(component);
  const start = component[0];
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (!inside.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let at = node; at !== start; at = previous.get(at)) loop.splice(1, 0, at);
        return { files: component, loop: [...loop, start] };
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return { files: component, loop: [start, start] };
}

export function importCycles(dir = root, folders = SOURCE_FOLDERS) {
  const rel = (f) => path.relative(dir, f).split(path.sep).join('/');
  return findCycles(importGraph(sourceFiles(dir, folders))).map(({ files, loop }) => ({ files: files.map(rel), loop: loop.map(rel) }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const cycles = importCycles();
  for (const { files, loop } of cycles) {
    console.error(`import cycle among ${files.length} files: ${loop.join(' → ')}`);
    if (files.length > loop.length - 1) console.error(`  (component: ${files.join(', ')})`);
  }
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s): move the shared types or functions to a module both sides import.`);
    process.exit(1);
  }
  console.log('no import cycles');
}
