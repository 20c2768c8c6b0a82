/**
 * This package's version, as in package.json (test/cli/cli-in-process.test.ts
 * checks that they agree): printed by --version and written into every shard's
 * report. A constant, not a read of package.json: the engine also runs where
 * `import.meta` does not exist (test runners that compile it to CommonJS).
 */
export const SUITE_VERSION = "0.1.0";
