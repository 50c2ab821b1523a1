import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `vite build` is production (no settings drawer); `vite build --mode staging` or `npm run dev`
// give a non-production build with the settings drawer (spec section 2).
export default defineConfig({
  plugins: [react()],
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
