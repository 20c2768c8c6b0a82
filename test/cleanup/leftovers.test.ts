import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTempDir, removeLeftovers } from "../../src/cleanup/index.js";
import { EMPTY_LEFTOVER_AGE_MS } from "../../src/cleanup/leftovers.js";
import { removeAllButMarker, removeOwnedDir, removeOwnedDirSync } from "../../src/cleanup/owned-dir-removal.js";
import { currentOwner, OWNER_MARKER, type OwnerMarker } from "../../src/cleanup/owner-marker.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function privateTmp(): string {
  const dir = mkdtempSync(join(tmpdir(), "conformance-leftovers-test-"));
  dirs.push(dir);
  return dir;
}

function markedDir(parent: string, name: string, marker: OwnerMarker | undefined): string {
  const dir = join(parent, name);
  mkdirSync(dir);
  writeFileSync(join(dir, "data.sqlite"), "x");
  if (marker) writeFileSync(join(dir, OWNER_MARKER), JSON.stringify(marker));
  return dir;
}

/** The pid of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", ""]).pid!;
}

describe("removeLeftovers: what a killed run left goes, nothing of a live run or of anyone else does", () => {
  it("removes the directories whose owning process is gone, and says so in one line", async () => {
    const tmp = privateTmp();
    const live = markedDir(tmp, "lgc-sqlite-live", currentOwner());
    const dead = markedDir(tmp, "lgc-sqlite-dead", { pid: deadPid(), host: hostname() });
    const unmarked = markedDir(tmp, "lgc-postgres-unmarked", undefined);
    const elsewhere = markedDir(tmp, "lgc-sqlite-elsewhere", { pid: deadPid(), host: `not-${hostname()}` });
    const notOurs = markedDir(tmp, "other-dead", { pid: deadPid(), host: hostname() });
    const lines: string[] = [];

    const removed = await removeLeftovers(tmp, (line) => lines.push(line));

    expect(removed).toEqual(["lgc-sqlite-dead"]);
    expect(existsSync(dead)).toBe(false);
    for (const kept of [live, unmarked, elsewhere, notOurs]) expect(existsSync(kept), kept).toBe(true);
    expect(lines).toEqual([
      `checkpoint-conformance: removed a temporary directory left in ${tmp} by a run that was killed before it could clean up: lgc-sqlite-dead\n`,
    ]);
  });

  it("a run killed while creating a directory (after its mkdtemp, before its marker's rename) leaves nothing behind the next sweep", async () => {
    const tmp = privateTmp();
    // Killed after writing the partial marker, which names its pid, and before renaming it.
    const partialDead = join(tmp, "lgc-sqlite-partialdead");
    mkdirSync(partialDead);
    writeFileSync(join(partialDead, `${OWNER_MARKER}.${deadPid()}.partial`), "{");
    // Killed right after the mkdtemp: an empty directory, made long enough ago that no live run is about to mark it.
    const emptyOld = join(tmp, "lgc-sqlite-emptyold");
    mkdirSync(emptyOld);
    const old = (Date.now() - 2 * EMPTY_LEFTOVER_AGE_MS) / 1000;
    utimesSync(emptyOld, old, old);
    // A live run in the middle of creating its directories: left alone.
    const partialLive = join(tmp, "lgc-sqlite-partiallive");
    mkdirSync(partialLive);
    writeFileSync(join(partialLive, `${OWNER_MARKER}.${process.pid}.partial`), "{");
    const emptyNew = join(tmp, "lgc-sqlite-emptynew");
    mkdirSync(emptyNew);
    // Without a marker but with content, old or not: never touched.
    const unmarkedOld = markedDir(tmp, "lgc-sqlite-unmarkedold", undefined);
    utimesSync(unmarkedOld, old, old);

    const removed = await removeLeftovers(tmp, () => undefined);

    expect(removed.sort()).toEqual(["lgc-sqlite-emptyold", "lgc-sqlite-partialdead"]);
    for (const gone of [partialDead, emptyOld]) expect(existsSync(gone), gone).toBe(false);
    for (const kept of [partialLive, emptyNew, unmarkedOld]) expect(existsSync(kept), kept).toBe(true);
  });

  it.runIf(process.platform === "linux")(
    "a live process with the owner's pid but another start time is not the owner (pid reuse)",
    async () => {
      const tmp = privateTmp();
      const reused = markedDir(tmp, "lgc-sqlite-reused", { ...currentOwner(), start: "1" });
      expect(await removeLeftovers(tmp, () => undefined)).toEqual(["lgc-sqlite-reused"]);
      expect(existsSync(reused)).toBe(false);
    },
  );

  it("says nothing when there is nothing to remove", async () => {
    const lines: string[] = [];
    expect(await removeLeftovers(privateTmp(), (line) => lines.push(line))).toEqual([]);
    expect(lines).toEqual([]);
  });
});

describe("createTempDir", () => {
  it("marks the directory with this process as its owner, and remove() takes it away", async () => {
    const dir = await createTempDir("lgc-test-");
    expect(dir.path.startsWith(join(tmpdir(), "lgc-test-"))).toBe(true);
    expect(readdirSync(dir.path)).toEqual([OWNER_MARKER]);
    await dir.remove();
    expect(existsSync(dir.path)).toBe(false);
  });

  it("refuses a prefix that the next run's sweep would not look at", async () => {
    await expect(createTempDir("mine-")).rejects.toThrow('createTempDir: the prefix must start with "lgc-", got "mine-"');
  });
});

describe("an owned directory is removed with its owner marker last (a run killed while removing it leaves one the next run can attribute)", () => {
  it("the first step removes everything but the marker, nested directories too", async () => {
    const dir = markedDir(privateTmp(), "lgc-sqlite-removing", currentOwner());
    mkdirSync(join(dir, "nested"));
    writeFileSync(join(dir, "nested", "wal"), "x");
    await removeAllButMarker(dir);
    expect(readdirSync(dir)).toEqual([OWNER_MARKER]);
  });

  it("removes the whole directory, asynchronously or synchronously; a directory already gone is no error", async () => {
    const tmp = privateTmp();
    const first = markedDir(tmp, "lgc-sqlite-a", currentOwner());
    const second = markedDir(tmp, "lgc-sqlite-b", currentOwner());
    await removeOwnedDir(first);
    removeOwnedDirSync(second);
    expect(readdirSync(tmp)).toEqual([]);
    await removeOwnedDir(first);
    removeOwnedDirSync(second);
  });

  it("createTempDir's directory has its marker from the start and is removed whole", async () => {
    const dir = await createTempDir("lgc-sqlite-test-");
    expect(readdirSync(dir.path)).toEqual([OWNER_MARKER]);
    await dir.remove();
    expect(existsSync(dir.path)).toBe(false);
  });
});
