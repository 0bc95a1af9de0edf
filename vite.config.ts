import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
// The catalogues each language needs before the first render.
import { NAMESPACES } from './src/app/i18n/namespaces';

const apiTarget = process.env.SOUK_API ?? 'http://localhost:8080';

/**
 * The first route in one chunk (issue 25). Left to itself the bundler cuts the modules the entry imports
 * statically into some thirty chunks, each shared with a lazy page: a first visit on a slow phone network then
 * waits on thirty requests (six at a time over HTTP/1.1) and as many render-blocking stylesheets before the first
 * paint. This plugin collects the entry's static import closure once the graph is built; the `first-route` group
 * below puts exactly those modules (nothing a lazy page alone uses) into one chunk and one stylesheet.
 */
function firstRouteModules(): { plugin: Plugin; has(id: string): boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'souk-first-route-modules',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const stack = [...entries];
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
      }
      for (const id of entries) modules.delete(id);
    },
  };
  return { plugin, has: (id) => modules.has(id) };
}
const firstRoute = firstRouteModules();


/**
 * The start-up catalogues' chunks, per language, in index.html (issue 25): `<meta name="souk-catalogues">` holds
 * `{ lang: [url, …] }` and public/boot.js, which knows the page's language before anything loads, preloads that
 * language's chunks at once. Without it they were asked for only once the first route's script had run, one more
 * round trip on the way to the first render.
 */
function startupCataloguesMeta(): Plugin {
  return {
    name: 'souk-startup-catalogues',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const byLanguage: Record<string, string[]> = {};
        for (const chunk of Object.values(ctx.bundle ?? {})) {
          if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
          const match = /\/src\/app\/i18n\/locales\/(\w+)\/(\w+)\.json$/.exec(chunk.facadeModuleId);
          if (!match || !(NAMESPACES as readonly string[]).includes(match[2]!)) continue;
          (byLanguage[match[1]!] ??= []).push(`/${chunk.fileName}`);
        }
        for (const urls of Object.values(byLanguage)) urls.sort();
        const content = JSON.stringify(byLanguage).replaceAll('&', '&amp;').replaceAll("'", '&#39;');
        return html.replace('<script src="/boot.js"></script>', `<meta name="souk-catalogues" content='${content}' />\n    <script src="/boot.js"></script>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    firstRoute.plugin,
    startupCataloguesMeta(),
    react(),
    vanillaExtractPlugin(),
    VitePWA({
      // Our own service worker (src/workers/service-worker.ts) with workbox modules; the plugin injects
      // the precache manifest into it.
      strategies: 'injectManifest',
      srcDir: 'src/workers',
      filename: 'service-worker.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,json,woff2}'],
        // The manifest's screenshots are for the browser's install dialog only: not worth precaching.
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    target: 'es2022',
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'first-route', test: (id: string) => firstRoute.has(id), priority: 10 }] } },
    },
  },
  server: { proxy: { '/api': apiTarget, '/media': apiTarget } },
});
