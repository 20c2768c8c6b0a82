import type { BuildOptions } from "esbuild";

/**
 * How this project bundles code for Node (the build, scripts/bundle.ts, and the tests' fixtures,
 * test/setup/bundled-fixtures.ts): ES modules for Node 20, what several entry points share in chunks,
 * packages left as imports (the user's copy of a peer is the one used).
 */
export const NODE_BUNDLE = {
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  chunkNames: "chunks/[name]-[hash]",
  // Error and class names stay as written (reports and stack frames show them).
  keepNames: true,
  logLevel: "warning",
} satisfies BuildOptions;
