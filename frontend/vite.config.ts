/// <reference types="vitest/config" />
import { defineConfig, type HtmlTagDescriptor, type IndexHtmlTransformContext, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// `npm run dev` proxies the API to a running `lexflow serve`; set LEXFLOW_PORT to its port
// and open the dev server with the `#token=…` fragment that `lexflow serve` printed.
const backendPort = process.env.LEXFLOW_PORT ?? '8421';

/**
 * The page's entry (src/main.ts) starts the first requests, then imports the app: the HTML
 * names the app's scripts and styles too, so the browser loads and compiles them while the
 * entry runs instead of after it.
 */
function preloadApp(): Plugin {
  return {
    name: 'lexflow-preload-app',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }: IndexHtmlTransformContext) {
        if (!bundle || !entry) return; // the dev server
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const add = (file: string) => {
          const c = bundle[file];
          if (c?.type !== 'chunk' || scripts.has(file)) return;
          scripts.add(file);
          c.viteMetadata?.importedCss.forEach((css) => styles.add(css));
          c.imports.forEach(add);
        };
        add(entry.fileName);
        const inHTML = { scripts: new Set(scripts), styles: new Set(styles) }; // the entry's own
        entry.dynamicImports.forEach(add);
        const link = (rel: string, file: string): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel, crossorigin: true, href: `/${file}` }, injectTo: 'head' });
        return [
          ...[...scripts].filter((f) => !inHTML.scripts.has(f)).map((f) => link('modulepreload', f)),
          ...[...styles].filter((f) => !inHTML.styles.has(f)).map((f) => link('stylesheet', f)),
        ];
      },
    },
  };
}

/**
 * The binary embeds the build: each script and style under assets/ is stored gzipped, as
 * name.gz in place of name (a third of the bytes), and the Go side (backend/gzfs) serves it
 * unpacked under its own name. index.html stays plain.
 */
function gzipAssets(): Plugin {
  return {
    name: 'lexflow-gzip-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.startsWith('assets/')) continue;
        const file = join(options.dir ?? 'dist', fileName);
        const packed = gzipSync(readFileSync(file), { level: 9 });
        writeFileSync(`${file}.gz`, packed);
        unlinkSync(file);
      }
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), preloadApp(), gzipAssets()],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': {
        target: `http://127.0.0.1:${backendPort}`,
        changeOrigin: true,
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The browser face runs under `script-src 'self'`: keep every script an external file.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
  },
});
