import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// The Rust server; WAGEGUARD_API points the dev and preview proxies elsewhere.
const server = process.env.WAGEGUARD_API ?? 'http://127.0.0.1:8080';
const proxied = ['/builder', '/finance', '/admin', '/api', '/uploads'];

/**
 * The entry (src/main.tsx) asks the first calls and only then imports the console (src/start.tsx): the page
 * names the console's chunks as module preloads, so the browser fetches them with the entry, not after it.
 */
function preloadConsole(): Plugin {
  return {
    name: 'preload-console',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = new Map<string, string[]>();
        let start: string | undefined;
        for (const output of Object.values(context.bundle ?? {})) {
          if (output.type !== 'chunk') continue;
          chunks.set(output.fileName, output.imports);
          if (output.facadeModuleId?.endsWith('/src/start.tsx')) start = output.fileName;
        }
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of chunks.get(file) ?? []) visit(imported);
        };
        if (start) visit(start);
        // The entry and what the page already names are left out.
        return [...files].filter((file) => !html.includes(`/${file}"`)).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadConsole()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: server, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['src/setupTests.ts'],
    css: false,
    // React's scheduler can run a task (a render, or the passive-effects flush that reads window.event)
    // after jsdom is torn down at the end of a test file, a race seen under load. Only an error thrown
    // from such a scheduler task is ignored.
    onUnhandledError(error) {
      const stack = String((error as Error).stack ?? '');
      const fromReactScheduler = stack.includes('react-dom') && stack.includes('performWorkUntilDeadline');
      if (error.message === 'window is not defined' && fromReactScheduler) return false;
    },
  },
});
