import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer is a static bundle loaded from file:// by Electron (relative base) and by the e2e harness.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 4000,
  },
});
