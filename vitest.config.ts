import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { PREVIEW_CONFIG } from './screens/product/previewConfig.ts';

/** Three levels: unit (engine core, validator), components (testing-library, jsdom), e2e (real Chromium). */
export default defineConfig({
  define: { __PREVIEW__: 'true', __FUNNEL_CONFIG__: JSON.stringify(PREVIEW_CONFIG) },
  test: {
    globals: true,
    // Vitest's default (one fewer than the cores) is a single worker on a 2-core CI machine; the unit and
    // component files are independent and CPU-bound, so use every core (e2e runs its files one at a time)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['test/components/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/components/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // files one at a time; within a file, tests marked concurrent (the payment, family and measurement walks,
          // which mostly wait on the sandbox's timers and the browser) run three at a time, each in its own browser context
          maxConcurrency: 3,
          globalSetup: ['test/e2e/globalSetup.ts'],
          // the page renders after the click resolves: text assertions poll instead of reading once
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
