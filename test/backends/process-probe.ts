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
