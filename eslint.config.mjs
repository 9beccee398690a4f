// Lint: the process boundaries of GUIDE.md, enforced. A wrong import fails `npm run lint` (and so `npm test`).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'worker_threads',
  'crypto',
  'stream',
  'stream/*',
  'zlib',
  'url',
  'util',
  'events',
  'readline',
  'http',
  'https',
  'net',
];

const electronTypeOnly = {
  name: 'electron',
  message: 'Import electron at runtime only in electron/main and electron/preload; use `import type` elsewhere.',
  allowTypeImports: true,
};

/** A layer rule inside electron/: the non-test TypeScript of `folder` never imports a folder named `forbidden`. */
function layerRule(folder, forbidden, message) {
  return {
    files: [`${folder}/**/*.ts`],
    ignores: [`${folder}/**/*.test.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [electronTypeOnly], patterns: [{ group: [`**/${forbidden}`, `**/${forbidden}/**`], message }] },
      ],
    },
  };
}

const sharedPaths = [
  { name: 'electron', message: 'repo shared/ runs in every process: no Electron.' },
  { name: 'react', message: 'repo shared/ has no React.' },
  { name: 'react-dom', message: 'repo shared/ has no React.' },
];
const sharedPatterns = [
  { group: nodeBuiltins, message: 'repo shared/ runs in every process: no Node built-ins.' },
  {
    group: ['**/electron/**', '**/renderer/**', 'react/*', 'react-dom/*', 'better-sqlite3'],
    message: 'repo shared/ may import only shared/ and pure libraries.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', 'test-results/**', 'playwright-report/**'] },
  {
    // The build, packaging and start scripts and the CLI launcher (plain JavaScript for Node): ESLint's recommended rules.
    files: ['**/*.mjs', '**/*.cjs'],
    ...js.configs.recommended,
    languageOptions: { globals: globals.node, ecmaVersion: 'latest' },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      // Anything but electron/main and electron/preload may import `electron` only as a type.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [electronTypeOnly],
        },
      ],
    },
  },
  {
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    // repo shared/: no Node, DOM, React or Electron (tests may read reference files with Node).
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: sharedPaths, patterns: sharedPatterns }],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'process', 'require', '__dirname', 'Buffer'],
    },
  },
  {
    // Layers inside shared/ (issue 30, item 3): domain code never imports the IPC contract; the contract imports the domain.
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts', 'shared/ipc/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: sharedPaths,
          patterns: [
            ...sharedPatterns,
            { group: ['**/ipc', '**/ipc/**'], message: 'Domain code never imports the IPC contract: move the shape to shared/domain.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    ignores: ['renderer/**/*.test.ts', 'renderer/**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer talks to main only through window.api.' },
            { name: 'better-sqlite3', message: 'The renderer never touches SQLite.' },
          ],
          patterns: [
            { group: ['**/electron/**'], message: 'renderer/ may not import electron/: use window.api.' },
            { group: nodeBuiltins, message: 'renderer/ has no Node.' },
          ],
        },
      ],
    },
  },
  // Layers inside electron/ (issue 30, item 3), as VS Code's import rules do: each folder names what it may not import.
  layerRule('electron/db', 'services', 'electron/db/ never imports services: services call db/, not the reverse.'),
  layerRule('electron/worker', 'services', 'Workers never import services: a worker runs shared/ code and its own protocol.'),
  layerRule('electron/server', 'main', 'The server never imports electron/main/: move what both need to a neutral module.'),
  {
    // Small modules: no source file over 300 lines of logic (blank lines and comments not counted); tests are exempt.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', 'electron/test-support/**'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
);
