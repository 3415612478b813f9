import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A throwaway Redis when none answers, stopped when the run ends.
    globalSetup: ['test/global-setup.ts'],
    // Tests talk to a real Redis and spawn worker processes: give them room on a shared 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
