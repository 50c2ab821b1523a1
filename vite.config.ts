import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `vite build` is production (no settings drawer); `vite build --mode staging` or `npm run dev`
// give a non-production build with the settings drawer (spec section 2).
export default defineConfig({
  plugins: [react()],
  // The dev server's dependency scan starts from the app's page only: bench/renderer/ holds pages
  // that import libraries of other products (amis) installed only for `npm run bench`, and a failed
  // scan made `npx vite` reload the first page five times while it found the rest one by one.
  optimizeDeps: { entries: ['index.html'] },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 8080}`, changeOrigin: false } },
  },
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    sourcemap: false,
    manifest: true,
  },
});
