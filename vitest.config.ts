// One runner for every tier (CONVENTIONS 12): unit tests beside the code, API tests on PGlite and —
// when DATABASE_URL is set — again on PostgreSQL, web tests in jsdom, browser e2e in Chromium.
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** The API tests serve the built widget files: built first when missing or stale. */
const widgetAssets = 'apps/api/test/widget-assets-setup.ts';
const apiTests = ['apps/api/src/**/*.api.test.ts', 'apps/api/test/**/*.api.test.ts'];

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'unit',
      include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'bench/**/*.test.ts'],
      exclude: [...apiTests, '**/*.dom.test.ts', '**/node_modules/**'],
      environment: 'node',
    },
  },
  {
    extends: true,
    test: {
      name: 'api-pglite',
      include: apiTests,
      environment: 'node',
      env: { KASSA_TEST_DB: 'pglite' },
      globalSetup: [widgetAssets],
    },
  },
  {
    extends: true,
    plugins: [react()],
    test: {
      name: 'web',
      include: ['apps/web/src/**/*.test.{ts,tsx}', 'packages/widget/src/**/*.dom.test.ts'],
      environment: 'jsdom',
      setupFiles: ['apps/web/src/test/setup.ts'],
    },
  },
  {
    extends: true,
    test: {
      name: 'e2e',
      include: ['e2e/**/*.e2e.test.ts'],
      environment: 'node',
      globalSetup: ['e2e/global-setup.ts'],
      fileParallelism: false,
      testTimeout: 90_000,
      hookTimeout: 180_000,
    },
  },
];

if (process.env.DATABASE_URL) {
  projects.splice(2, 0, {
    extends: true,
    test: {
      name: 'api-postgres',
      include: apiTests,
      environment: 'node',
      env: { KASSA_TEST_DB: 'postgres' },
      globalSetup: [widgetAssets, 'apps/api/test/pg-global-setup.ts'],
    },
  });
}

export default defineConfig({
  test: {
    projects,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: two workers keep PGlite-heavy files from starving each other.
    maxWorkers: 2,
  },
});
