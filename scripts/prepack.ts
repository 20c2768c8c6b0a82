/**
 * `npm pack`'s (and `npm publish`'s) prepack: builds unless dist/ is already
 * the build of the current sources (scripts/build-stamp.ts), as it is after
 * `npm test` or `npm run build`. Packing used to build a second time (47 s).
 */
import { spawnSync } from "node:child_process";
import { distIsCurrent } from "./build-stamp.js";

if (distIsCurrent()) {
  console.log("prepack: dist/ is the build of the current sources (npm test or npm run build made it); not building again");
} else {
  console.log("prepack: dist/ is missing or older than the sources: npm run build");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  process.exit(build.status ?? 1);
}
