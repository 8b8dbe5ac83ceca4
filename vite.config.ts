import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '4000'}`;

// The client is a single-page app under client/. In development Vite serves it on port 5173 and
// forwards the server's paths to the API process; in production the API process serves dist/client.
export default defineConfig({
  root: fileURLToPath(new URL('./client', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./client/src', import.meta.url)),
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks that every screen needs, cached across deploys of app code. Only
        // eagerly used libraries are named here: a lazily imported one (MapLibre) must stay in its
        // own lazy chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'apollo',
              test: /node_modules[\\/](@apollo|graphql|graphql-ws|rxjs|optimism|@wry|tslib)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: apiTarget, ws: true },
      '/api': { target: apiTarget },
      '/media': { target: apiTarget },
      '/healthz': { target: apiTarget },
    },
  },
});
