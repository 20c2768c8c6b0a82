import { readFileSync } from "node:fs";
import { extname } from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { interruptedBy, trackCleanup } from "../cleanup/index.js";
import { INTERRUPT_SIGNALS } from "../cleanup/signals.js";
import type { StartJob } from "../matrix/start-lanes.js";
import type { StartResults } from "../matrix/start-results.js";
import { outcomeFromJSON } from "../reporters/matrix/matrix-report-json.js";
import { replayHook } from "../run/progress.js";
import { childExit, endProcessGroup, signalGroup, spawnGrouped } from "./child-process.js";
import { readMessages } from "./message-channel.js";
import type { StartWorkerMessage, StartWorkerRequest } from "./start-worker-protocol.js";

/** After an interrupt is passed on, how long a worker gets to clean up and end before its group is killed (within the run's own clean-up limit). */
const INTERRUPT_GRACE_MS = 15_000;
/** After a second Ctrl-C, how long a worker's synchronous last resort gets. */
const STOP_AT_ONCE_GRACE_MS = 4_000;

const workerFile = fileURLToPath(new URL(`./start-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url));

/** npm start's worker processes: started at once (they load while the server starts), given their jobs by `begin`. */
export interface StartWorkers {
  /** Sends each worker its jobs, with the PostgreSQL server to use. */
  begin(postgresUrl: string | undefined): void;
  /** Their jobs cannot run (the server they need did not start): each fails with `why`, and the workers end unused. */
  cancel(why: string): void;
  /** Settles when every worker has ended (and its jobs are delivered or failed). */
  readonly ended: Promise<void>;
}

/**
 * Starts one worker per job list, each in its own process group (a Ctrl-C
 * reaches this process, which passes it on once). Their messages go to
 * `results`; a worker that ends before delivering a job fails that job with
 * how it ended. Each worker is tracked until it ends: an interrupt waits for
 * its clean-up, a second Ctrl-C gives it a moment for its last resort, and
 * nothing of its group outlives the run.
 */
export function startWorkers(
  lists: readonly StartJob[][],
  graph: boolean,
  results: StartResults,
  cwd: string,
  env: NodeJS.ProcessEnv,
): StartWorkers {
  const workers = lists.map((jobs) => startWorker(jobs, graph, results, cwd, env));
  return {
    begin: (postgresUrl) => workers.forEach((w) => w.begin(postgresUrl)),
    cancel: (why) => {
      for (const jobs of lists) for (const job of jobs) results.jobFailed(job, why);
      workers.forEach((w) => w.begin(undefined, false));
    },
    ended: Promise.all(workers.map((w) => w.ended)).then(() => undefined),
  };
}

function startWorker(
  jobs: readonly StartJob[],
  graph: boolean,
  results: StartResults,
  cwd: string,
  env: NodeJS.ProcessEnv,
): { begin(url: string | undefined, run?: boolean): void; ended: Promise<void> } {
  // From the sources (npm start runs them with tsx) the worker needs tsx's loader.
  const args = extname(workerFile) === ".ts" ? ["--import", "tsx", workerFile] : [...process.execArgv, workerFile];
  const child = spawnGrouped(args, cwd, env);
  const pid = child.pid!;
  let exited = false;
  const exit = childExit(child).then((ending) => {
    exited = true;
    return ending;
  });
  // Whatever a worker writes itself (a library's warning) goes to stderr: stdout is the report, in order.
  child.stdout!.pipe(process.stderr, { end: false });
  child.stderr!.pipe(process.stderr, { end: false });
  const forward = (signal: NodeJS.Signals) => {
    if (!exited) child.kill(signal);
  };
  // Passed on at once, not after the run's other clean-ups; once: a second Ctrl-C is the clean-up's last resort below.
  const onSignal = (signal: NodeJS.Signals) => {
    for (const s of INTERRUPT_SIGNALS) process.off(s, onSignal);
    forward(signal);
  };
  for (const s of INTERRUPT_SIGNALS) process.on(s, onSignal);
  const tracked = trackCleanup({
    run: async () => {
      if (!exited && interruptedBy() !== undefined) await Promise.race([exit, delay(INTERRUPT_GRACE_MS)]);
      await endProcessGroup(pid);
    },
    runNow: () => {
      forward(interruptedBy() ?? "SIGTERM");
      waitForExitSync(pid, STOP_AT_ONCE_GRACE_MS);
      signalGroup(pid, "SIGKILL");
    },
  });

  const delivered = new Set<number>();
  const messages = readMessages<StartWorkerMessage>(child.stdio[3] as Readable, (message) => {
    if (interruptedBy() !== undefined || message.t === "done") return;
    const job = jobs[message.job]!;
    if (message.t === "failed") {
      delivered.add(message.job);
      results.jobFailed(job, message.error);
      return;
    }
    if (message.t === "product") {
      delivered.add(message.job);
      results.sink.product(job.kind === "product" ? job.lane : "server", message.result);
      return;
    }
    if (job.kind !== "column") return;
    const hooks = results.sink.column(job);
    if (message.t === "start") {
      hooks.onBackendStart?.(results.backendOf(job));
    } else if (message.t === "hook") {
      if (hooks.progress)
        replayHook(hooks.progress, {
          name: message.call.name,
          args: message.call.args.map((a: unknown) => a ?? undefined),
        } as typeof message.call);
    } else if (message.t === "end") {
      hooks.onBackendEnd?.(outcomeFromJSON(message.outcome));
    } else {
      delivered.add(message.job);
      hooks.matrix({ ...message.result, outcomes: [] });
    }
  });

  const ended = (async () => {
    const ending = await exit;
    await Promise.race([messages, delay(500)]); // what it wrote before it ended
    for (const s of INTERRUPT_SIGNALS) process.off(s, onSignal);
    await tracked.run();
    if (interruptedBy() !== undefined) return;
    const how = ending.signal ? `killed by ${ending.signal}` : `exit code ${ending.code}`;
    jobs.forEach((job, index) => {
      if (!delivered.has(index)) results.jobFailed(job, `npm start's worker process running it ended (${how}) before it finished`);
    });
  })();
  return {
    // Without a request (run false) the worker ends at once.
    begin: (postgresUrl, run = true) => {
      const request: StartWorkerRequest = { graph, jobs: [...jobs], ...(postgresUrl ? { postgresUrl } : {}) };
      child.stdin!.end(run ? `${JSON.stringify(request)}\n` : "");
    },
    ended,
  };
}

/** Waits, blocking, until the process has ended (gone, or a zombie nobody reaped yet), at most `ms`. */
function waitForExitSync(pid: number, ms: number): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && isRunning(pid)) Atomics.wait(pause, 0, 0, 50);
}

/** Linux: its /proc entry is there and not a zombie's; elsewhere (no /proc) it still takes signals, zombie or not. */
function isRunning(pid: number): boolean {
  if (process.platform !== "linux") return signalGroup(pid, 0);
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
