import { defineConfig } from 'vitest/config';

// One run for the whole repository (`npm test`): domain rules, API against real databases, browser.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/closing-line-reporter.ts'],
    // Vitest's default is one worker fewer than the cores: one worker on these 2-core machines. Test files
    // spend much of their time waiting on the database, the browser and the network, so two keep both
    // cores busy (each file has its own database copy and port, so files never share state).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // One migrated and seeded database per run, copied by each suite (testing/plantilla.ts).
          globalSetup: ['apps/server/src/testing/plantilla.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Component tests of the web app (Testing Library on happy-dom).
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['apps/server/src/testing/plantilla.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      thresholds: { lines: 100, branches: 100, functions: 100, statements: 100 },
    },
  },
});
