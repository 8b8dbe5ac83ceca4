import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { precompressDir } from './server/http/precompress';

/** After the build, a brotli and a gzip sibling of every compressible file (docs/decisions/0021). */
function precompress(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'nyc-rentals:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (!config) return;
      const files = await precompressDir(path.resolve(config.root, config.build.outDir));
      const sum = (pick: (f: (typeof files)[number]) => number) => files.reduce((n, f) => n + pick(f), 0);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      config.logger.info(
        `precompressed ${files.filter((f) => f.br ?? f.gz).length} files: ${kb(sum((f) => f.size))} → ` +
          `br ${kb(sum((f) => f.br ?? f.size))}, gzip ${kb(sum((f) => f.gz ?? f.size))}`,
      );
    },
  };
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? '4000'}`;

// The client is a single-page app under client/. In development Vite serves it on port 5173 and
// forwards the server's paths to the API process; in production the API process serves dist/client.
export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL('./client', import.meta.url)),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./client/src', import.meta.url)) },
      { find: '@common', replacement: fileURLToPath(new URL('./common', import.meta.url)) },
      // React Router's package exports name only its development build (warnings and checks
      // included); the production build ships its own file beside it (docs/decisions/0023).
      ...(mode === 'production'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
            },
          ]
        : []),
    ],
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
}));
