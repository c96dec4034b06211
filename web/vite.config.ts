import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The Rust server; WAGEGUARD_API points the dev and preview proxies elsewhere.
const server = process.env.WAGEGUARD_API ?? 'http://127.0.0.1:8080';
const proxied = ['/builder', '/finance', '/admin', '/worker', '/api', '/uploads'];

export default defineConfig({
  plugins: [react()],
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
    // A timeout guards against a hang, it asserts no speed: on a loaded 2-core machine (issue 29) a test that
    // renders a whole page takes several times its quiet duration.
    testTimeout: 30_000,
    // The console output of a passing test (jsdom's and React's warnings) is noise in CI; a failing test
    // still shows its own.
    silent: 'passed-only',
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
