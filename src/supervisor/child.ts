/**
 * The supervised child process: loads the user's module, runs validate() and
 * streams everything to the parent (see protocol.ts). It owns no output and no
 * exit code: whatever the saver does here, the parent reports it.
 */
import { writeSync } from "node:fs";
import { errorText } from "../describe-value.js";
import { reportToJSON } from "../report-json.js";
import type { ChildMessage, RunRequest } from "./protocol.js";
import { MESSAGE_FD } from "./protocol.js";

const exit = process.exit.bind(process);

function send(message: ChildMessage): void {
  const line = Buffer.from(`${JSON.stringify(message)}\n`);
  let offset = 0;
  while (offset < line.length) {
    try {
      offset += writeSync(MESSAGE_FD, line, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") continue;
      exit(70); // The parent is gone (EPIPE): nobody is left to report to.
    }
  }
}

// Before the user's module loads: whatever it does from now on is seen.
captureWrites("stdout");
captureWrites("stderr");
process.exit = ((code?: number | string | null) => {
  send({ t: "exit-called", code: Number(code ?? process.exitCode ?? 0) });
  exit(code as number | undefined);
}) as typeof process.exit;
process.on("uncaughtException", (error, origin) => {
  // The stack too: its first frames say where in the saver's code it was thrown.
  send({ t: "crash", origin, error: error instanceof Error && error.stack ? error.stack : errorText(error) });
  exit(70);
});
watchParent();

const request = JSON.parse(process.argv[2]) as RunRequest;
await run(request);

async function run(request: RunRequest): Promise<void> {
  // Loaded here, not at the top: the capture above must be in place before any module of the run loads.
  const [{ loadRegistrationWithin }, { ConformanceUsageError }, { ConformanceSetupError, validate }, { plannedTests, specCatalog }] = await Promise.all([
    import("./load-within.js"),
    import("../registration.js"),
    import("../runner.js"),
    import("./plan.js"),
  ]);
  const { CliUsageError } = await import("../cli/usage-error.js");
  try {
    const registered = await loadRegistrationWithin(request);
    send({ t: "plan", capabilities: plannedTests(registered, request.options), catalog: specCatalog() });
    const report = await validate(registered, {
      ...request.options,
      progress: {
        onRunStart: (info) => send({ t: "run-start", checkpointerName: info.checkpointerName, capabilities: [...info.capabilities] }),
        onCapabilityStart: (capability, detected) => send({ t: "capability-start", capability, detected }),
        onTestStart: (capability, name) => send({ t: "test-start", capability, name }),
        onTestResult: (capability, name, passed, error, result) => send({ t: "test-result", capability, name, passed, error, result }),
        onCapabilityEnd: (capability, result) => send({ t: "capability-end", capability, result }),
      },
    });
    send({ t: "report", report: reportToJSON(report) });
  } catch (error) {
    if (error instanceof CliUsageError || error instanceof ConformanceUsageError) send({ t: "usage-error", message: error.message });
    else if (error instanceof ConformanceSetupError) send({ t: "setup-error", message: error.message });
    else send({ t: "unexpected-error", message: errorText(error) });
  }
  // Leaked timers, sockets and servers must not keep the run alive; exit hooks still run.
  exit(0);
}

/** The saver's console.log and process.stdout/stderr writes go to the parent, which shows them with their test. */
function captureWrites(stream: "stdout" | "stderr"): void {
  const target = process[stream];
  target.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString(typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    send({ t: "output", stream, text });
    const done = typeof encoding === "function" ? encoding : callback;
    if (typeof done === "function") queueMicrotask(() => (done as () => void)());
    return true;
  }) as typeof target.write;
}

/** A child whose parent was killed outright stops too, rather than run on unobserved. */
function watchParent(): void {
  const parent = Number(JSON.parse(process.argv[2] ?? "{}").parentPid);
  setInterval(() => {
    if (process.ppid !== parent) exit(70);
  }, 1000).unref();
}
