import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are large; two workers match the two cores CI has.
    maxWorkers: 2,
    // Transformed like the project's own code, so that its `graphql` import is the same module instance as ours
    // (externalised, Node would load graphql's CommonJS build beside the ESM one the tests use).
    server: { deps: { inline: ['graphql-query-complexity'] } },
  },
});
