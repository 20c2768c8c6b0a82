import { afterAll } from "vitest";
import { removeTempDirs } from "../temp-dir.js";

/** vitest setupFile, run before every test file (also in a worker that ran others): what the file made with makeTempDir() goes after its last test, passed or failed. */
afterAll(removeTempDirs);
