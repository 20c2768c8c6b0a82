import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** Debian's chromium, or the one CHROMIUM_PATH names (and only that one); undefined when it is not installed. */
export function findChromium(): string | undefined {
  const override = process.env.CHROMIUM_PATH;
  const candidates = override ? [override] : ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((path) => existsSync(path));
}

export interface LoadedPage {
  /** The DOM after the page's scripts ran (`--dump-dom`). */
  dom: string;
  /** Every console message, uncaught error and blocked request the page produced. */
  console: string[];
}

/** Loads a local HTML file in headless chromium with a fresh profile and no network services; optionally takes a screenshot. */
export async function loadInChromium(chromium: string, file: string, screenshot?: string): Promise<LoadedPage> {
  const profile = mkdtempSync(join(tmpdir(), "conformance-chromium-"));
  const flags = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    `--user-data-dir=${profile}`,
    "--enable-logging=stderr",
    "--v=0",
  ];
  try {
    const url = pathToFileURL(file).href;
    const { stdout, stderr } = await run(chromium, [...flags, "--dump-dom", url]);
    if (screenshot) await run(chromium, [...flags, "--window-size=1280,2000", `--screenshot=${screenshot}`, url]);
    return { dom: stdout, console: stderr.split("\n").filter((line) => line.includes(":CONSOLE")) };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // A guard against a hung browser, not a timed assertion.
    execFile(command, args, { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} failed: ${error.message}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}
