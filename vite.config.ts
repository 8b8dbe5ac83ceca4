import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { precompressDir } from './server/http/precompress';
import { localeFile } from './server/http/client-build';
import { isLocale } from './common/i18n/locales';
import { i18n, type CatalogueLocale } from './scripts/vite-i18n';

/**
 * The language of the browser's build (docs/decisions/0057-a-build-per-language.md): `npm run build`
 * builds the client once per language (CLIENT_LOCALE=en, es, zh), each with its language's texts in its
 * code. English is dist/client/index.html and .vite/manifest.json; another language's page and manifest
 * are named by it (index.es.html, .vite/manifest.es.json) beside the same assets, where the chunks
 * without texts are the same files.
 */
const CLIENT_LOCALE = process.env.CLIENT_LOCALE ?? 'en';
if (!isLocale(CLIENT_LOCALE)) throw new Error(`CLIENT_LOCALE must be a language of common/i18n/locales.ts, not ${CLIENT_LOCALE}`);
const catalogueLocale: CatalogueLocale | undefined = CLIENT_LOCALE === 'en' ? undefined : CLIENT_LOCALE;
/** A file of the build named for its language: `index.html` → `index.es.html` (English keeps the name). */
const forLocale = (file: string) => localeFile(file, CLIENT_LOCALE);

/** Another language's page is index.<language>.html, so that the builds share one folder. */
function pageForLocale(): Plugin {
  return {
    name: 'nyc-rentals:page-for-locale',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr || !catalogueLocale) return;
      const page = bundle['index.html'];
      if (page?.type !== 'asset') return;
      delete bundle['index.html'];
      this.emitFile({ type: 'asset', fileName: forLocale('index.html'), source: page.source });
    },
  };
}

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
      // CLIENT_PRECOMPRESS=0: a build of one language before another's (scripts/build.ts), whose run compresses them all.
      if (!config || config.build.ssr || process.env.CLIENT_PRECOMPRESS === '0') return;
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

/**
 * Each `graphql(`…`)` call of the client becomes its own typed document in builds, as the codegen
 * client preset's Babel/SWC plugins do: the preset's `graphql()` looks documents up in a map of every
 * operation of the app, and `client/src/gql/graphql.ts` is one module, so either way every document
 * was in one chunk every page loads. Here each document (its JSON from graphql.ts, fragments inlined)
 * is a small virtual module, bundled with the code that uses it (docs/decisions/0023). Development
 * and tests keep the preset's map (the same documents).
 */
function graphqlDocuments(): Plugin {
  const generated = fileURLToPath(new URL('./client/src/gql/graphql.ts', import.meta.url));
  const sourceDir = fileURLToPath(new URL('./client/src/', import.meta.url));
  const gqlDir = path.join(sourceDir, 'gql') + path.sep;
  const PREFIX = 'virtual:gql-document/';
  let documents: Map<string, { exported: string; json: string }> | undefined;
  const load = () => {
    const found = new Map<string, { exported: string; json: string }>();
    const re =
      /^export const (\w+) = (\{(?:"__meta__":\{"hash":"[^"]*"\},)?"kind":"Document","definitions":\[\{"kind":"(?:OperationDefinition|FragmentDefinition)",(?:"operation":"\w+",)?"name":\{"kind":"Name","value":"(\w+)"\}.*\}) as unknown as DocumentNode<.*>;$/gm;
    for (const m of fs.readFileSync(generated, 'utf8').matchAll(re)) found.set(m[3]!, { exported: m[1]!, json: m[2]! });
    return found;
  };
  return {
    name: 'nyc-rentals:graphql-documents',
    apply: 'build',
    buildStart() {
      documents = load();
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const doc = (documents ??= load()).get(id.slice(PREFIX.length + 1));
      return doc ? `export default ${doc.json};` : null;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(sourceDir) || file.startsWith(gqlDir) || !/\.tsx?$/.test(file) || !code.includes('graphql(`'))
        return null;
      const known = (documents ??= load());
      const used = new Set<string>();
      const out = code.replace(/\bgraphql\(\s*`((?:[^`$\\]|\$(?!\{))*)`\s*\)/g, (call, source: string) => {
        const name = /\b(?:query|mutation|subscription|fragment)\s+(\w+)/.exec(source)?.[1];
        if (!name || !known.has(name)) return call;
        used.add(name);
        return `__gql_${name}`;
      });
      if (used.size === 0) return null;
      const imports = [...used].map((name) => `import __gql_${name} from '${PREFIX}${name}';`).join('\n');
      return { code: `${imports}\n${out}`, map: null };
    },
  };
}

/**
 * `.vite/chunks.json` beside the manifest: for each chunk of the client build, the packages (and the
 * app's folders) its code comes from, with their bytes before minification. The JavaScript budget
 * test (tests/e2e/budget.spec.ts) prints every chunk the listings page loads with what is in it, and
 * tells the stack's chunks (React, React Router, Apollo Client) from the rest.
 */
function chunkContents(): Plugin {
  return {
    name: 'nyc-rentals:chunk-contents',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const root = fileURLToPath(new URL('./', import.meta.url));
      const out: Record<string, Record<string, number>> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const parts: Record<string, number> = {};
        for (const [id, info] of Object.entries(chunk.modules)) {
          if (info.renderedLength === 0) continue;
          const file = id.replace(/^\0/, '').split('?')[0]!;
          const pkg = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file)?.[1]?.replace(/\\/g, '/');
          const name = pkg ?? (file.startsWith(root) ? path.dirname(path.relative(root, file)) : file.split(':')[0]!);
          parts[name] = (parts[name] ?? 0) + info.renderedLength;
        }
        out[chunk.fileName] = Object.fromEntries(Object.entries(parts).sort((a, b) => b[1] - a[1]));
      }
      this.emitFile({ type: 'asset', fileName: forLocale('.vite/chunks.json'), source: JSON.stringify(out, null, 1) });
    },
  };
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? '4000'}`;

// The client is a single-page app under client/. In development Vite serves it on port 5173 and
// forwards the server's paths to the API process; in production the API process serves dist/client,
// and renders the listings and detail pages with dist/server (`vite build --ssr`, the second half of
// `npm run build`; docs/decisions/0035-server-rendering.md).
export default defineConfig(({ command, mode, isSsrBuild }) => ({
  root: fileURLToPath(new URL('./client', import.meta.url)),
  plugins: [
    i18n(command === 'build' && !isSsrBuild ? catalogueLocale : undefined),
    graphqlDocuments(),
    react(),
    tailwindcss(),
    chunkContents(),
    pageForLocale(),
    precompress(),
  ],
  resolve: {
    alias: [
      // A screen's `useQuery` reads a page's answers as they are on the server (client/src/lib/apollo/
      // use-query.tsx); the browser's build takes Apollo's hook itself, with nothing in between.
      ...(!isSsrBuild ? [{ find: /^@\/lib\/apollo\/use-query$/, replacement: '@apollo/client/react' }] : []),
      { find: '@', replacement: fileURLToPath(new URL('./client/src', import.meta.url)) },
      { find: '@common', replacement: fileURLToPath(new URL('./common', import.meta.url)) },
      // The interface's messages are parsed at build (scripts/vite-i18n.ts): the browser's build ships
      // FormatJS's formatter without its parser.
      ...(!isSsrBuild
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: fileURLToPath(
                new URL('./node_modules/@formatjs/icu-messageformat-parser/no-parser.js', import.meta.url),
              ),
            },
          ]
        : []),
      // React Router's package exports name only its development build (warnings and checks
      // included); the production build ships its own file beside it (docs/decisions/0023), for the
      // browser and the server's render alike.
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
  build: isSsrBuild
    ? {
        outDir: fileURLToPath(new URL('./dist/server', import.meta.url)),
        emptyOutDir: true,
        rolldownOptions: { input: fileURLToPath(new URL('./client/src/entry-server.tsx', import.meta.url)) },
        copyPublicDir: false,
      }
    : {
        outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
        // English first: another language's build adds its files beside English's.
        emptyOutDir: !catalogueLocale,
        // .vite/manifest.json: the chunks of each screen, fetched at once by a page the server rendered.
        manifest: forLocale('.vite/manifest.json'),
        // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
        modulePreload: { polyfill: false },
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
                  test: /node_modules[\\/](@apollo|graphql|rxjs|optimism|@wry|tslib)[\\/]/,
                },
                // The interface's messages and formats (issue 29): one chunk, not one per module that
                // lazily loaded screens share with the first one. With them Vite's helper for dynamic
                // imports, which the entry (main.tsx) uses: this chunk imports nothing, while the shared
                // chunk the helper would otherwise join (the kit) imports React, and the page would then
                // ask for React (86 KB) in its head beside the stylesheet it waits for (measured: every
                // page's first paint 0.8 s later in Lighthouse's phone). A chunk of its own would cost
                // the listings page's budget (item 2) its last bytes.
                {
                  name: 'messages',
                  test: /node_modules[\\/](intl-messageformat|@formatjs)[\\/]|common[\\/]i18n[\\/](messages|labels|dates|locales)\.ts$|^\0?vite[\\/]preload-helper/,
                },
                // The small shared rules of listings the cards and the search use (options, neighborhoods,
                // the broker fee's wording, page limits, 'Available now', a commute in a URL) and the formats: one chunk, not one each (each
                // chunk of its own costs its module wrapper and a gzip stream of its own).
                {
                  name: 'options',
                  test: /common[\\/](?:options|neighborhoods|broker-fee|page-limits|search-text|available)\.ts$|client[\\/]src[\\/](?:lib[\\/]format|features[\\/]transit[\\/]commute-param)\.ts$/,
                },
                // The small parts of the interface every page uses (buttons, the deferred overlays'
                // triggers, hooks): one chunk, not one each as lazily loaded screens come to share them.
                {
                  name: 'kit',
                  test: /client[\\/]src[\\/](?:components[\\/]ui[\\/](?:avatar|button|deferred-overlay|dialog|dropdown-menu|lazy-toaster|page-container|page-header|path-link|popover|select|skeleton|spinner|use-toast)|lib[\\/](?:cn|deferred-module|preloadable|use-debounced-value|use-document-title|use-in-browser|use-media-query|bottom-inset))\.tsx?$|node_modules[\\/]clsx[\\/]/,
                },
              ],
            },
          },
        },
      },
  // The server render uses React's production build whatever NODE_ENV the server runs with (Vite
  // leaves process.env.NODE_ENV to run time in server builds): the browser's build is production
  // too, and React's development build renders several times slower.
  // __CLIENT_LOCALE__: the language of the browser's build, whose texts are in its code; '' where the
  // catalogues are loaded as the page needs them (the server's render, development, tests).
  define: isSsrBuild
    ? { 'process.env.NODE_ENV': JSON.stringify('production'), __CLIENT_LOCALE__: '""' }
    : { __CLIENT_LOCALE__: JSON.stringify(command === 'build' ? CLIENT_LOCALE : '') },
  // The server build carries its libraries (React's production build among them) rather than loading
  // them from node_modules, so one copy of each serves the render.
  ssr: { noExternal: true },
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
