import { readdir, readFile } from "node:fs/promises";

/** Pids of live processes whose command line mentions `text` (Linux /proc). */
export async function processesMentioning(text: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = (await readFile(`/proc/${entry}/cmdline`, "utf8")).replace(/\0/g, " ");
      if (cmdline.includes(text)) found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** Live (not zombie) processes in process group `pgid` (Linux /proc). */
export async function processesInGroup(pgid: number): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state !== "Z" && Number(group) === pgid) found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}
