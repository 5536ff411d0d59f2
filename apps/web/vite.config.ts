// Vite build of the single-page app (ARCHITECTURE 1): served by the API from apps/web/dist, proxied to
// the API in development so the browser only ever talks to one origin.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// KASSA_API_URL points the dev/preview proxy at an API on another port (8080 by default).
const API = process.env.KASSA_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/apiv1': { target: API, changeOrigin: false },
      '/pay': { target: API, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the modules a group names go into it; everything else keeps automatic chunking, so a
          // shared module is never pulled into the checkout chunk and back into the back office.
          includeDependenciesRecursively: false,
          groups: [
            // React and the router: every page needs them and they change rarely (long-lived cache).
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              priority: 20,
            },
            // ARCHITECTURE 1: the public checkout pages are their own chunk; a buyer never downloads
            // the back office.
            { name: 'checkout', test: /[\\/]src[\\/]features[\\/](checkout|embed)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
