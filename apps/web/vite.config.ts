// Vite build of the web app (docs/ARCHITECTURE.md#layers): the back-office single-page app and the buyer pages' own
// entry, served by the API from apps/web/dist, proxied to the API in development so the browser only
// ever talks to one origin.

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// By path: the config is loaded by Node, which does not strip types from a linked package's files.
import { matchCheckoutRoute } from '../../packages/contract/src/buyer-pages.ts';

// KASSA_API_URL points the dev/preview proxy at an API on another port (8080 by default).
const API = process.env.KASSA_API_URL ?? 'http://127.0.0.1:8080';

/** The dev server answers a buyer page's address with checkout.html, as the API does (apps/api app.ts). */
const checkoutEntryInDev: Plugin = {
  name: 'kassa-checkout-entry',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.method === 'GET' && matchCheckoutRoute(req.url?.split('?')[0] ?? '')) req.url = '/checkout.html';
      next();
    });
  },
};

export default defineConfig(({ command }) => {
  // A build is the production build whoever starts it: Vite takes NODE_ENV from the shell, and a test
  // runner's NODE_ENV=test (e2e/global-setup.ts runs `npm run build` inside vitest) would otherwise ship
  // React's development bundle (~125 KB gzip instead of ~66 KB; measures this build). Set here,
  // before Vite derives its production flag, so the JSX transform and the bundled React agree.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), checkoutEntryInDev],
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
        // Two pages (docs/ARCHITECTURE.md#layers): the back-office app, and the buyer pages' own entry that
        // a buyer downloads instead — React and the checkout pages, without the router, store, HTTP
        // client or component library. The API serves checkout.html for the public checkout paths.
        input: {
          main: fileURLToPath(new URL('index.html', import.meta.url)),
          checkout: fileURLToPath(new URL('checkout.html', import.meta.url)),
        },
        output: {
          codeSplitting: {
            // Only the modules a group names go into it; everything else keeps automatic chunking, so a
            // module shared by both pages lands in a chunk of its own, never in one that drags the
            // back office along.
            includeDependenciesRecursively: false,
            groups: [
              // React: both pages need it and it changes rarely (long-lived cache). The router is a
              // group of its own because the checkout page does not load it.
              { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
              { name: 'router', test: /[\\/]node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 20 },
              // The buyer pages in one chunk (fewer requests on a buyer's first load), shared by the checkout
              // entry and the back-office routes; their react-router adapters (*-page.tsx,
              // spa-checkout-route.tsx) stay out so the chunk never imports the router.
              {
                name: 'checkout-pages',
                test: /[\\/]src[\\/](checkout-app[\\/]|features[\\/]checkout[\\/](?!.*-page\.tsx$|spa-checkout-route\.tsx$))/,
                priority: 10,
              },
            ],
          },
        },
      },
    },
  };
});
