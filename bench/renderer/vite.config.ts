// The renderer benchmark's own app: four pages (generated and hand-written list and form) chosen by
// the URL hash. Built by bench/renderer.ts with --outDir into a temporary directory.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
    sourcemap: false,
    manifest: true,
  },
});
