/**
 * The supervised child process: loads the user's module, runs validate() and
 * streams everything to the parent (see protocol.ts). It owns no output and no
 * exit code: whatever the saver does here, the parent reports it.
 */
import { setFlagsFromString } from "node:v8";
import { errorText } from "../util/describe-value.js";
import { guardProcessExit } from "../engine/exit-guard.js";
import { releaseAllOpen } from "../runtime/open-leases.js";
import { INTERRUPT_SIGNALS, interruptArrivals, interruptExitCode } from "../cleanup/signals.js";
import { runCleanupsNow } from "../cleanup/tasks.js";
import { reportToJSON } from "../report/json.js";
import type { ChildMessage, RunRequest } from "./protocol.js";
import { HEARTBEAT_MS } from "./protocol.js";
import { readRequest, sendToParent, watchParent } from "./message-channel.js";

// A run is short: most code gets hot only briefly, and optimizing it cost more than it saved (TurboFan's compiles took
// about a quarter of a default run's CPU on MemorySaver). Four times V8's default budget (Node 20's) still optimizes
// code that stays hot; set here, not on the command line, because a V8 that lacks the flag only prints a line then.
setFlagsFromString("--interrupt-budget=270336");

// Before the user's module loads: every process.exit() from now on is reported to the parent, which judges it.
const exitGuard = guardProcessExit({ exitCode: (code) => code, report: (code) => send({ t: "exit-called", code }) });
const exit = exitGuard.exit;

function send(message: ChildMessage): void {
  sendToParent(message, () => exit(70)); // The parent is gone (EPIPE): nobody is left to report to.
}

// Before the user's module loads: whatever it does from now on is seen.
captureWrites("stdout");
captureWrites("stderr");
let interrupted = false;
const arrival = interruptArrivals();
for (const signal of INTERRUPT_SIGNALS) {
  // The parent forwards a Ctrl-C or a CI cancellation here: the user's own clean-up (the factory's code after yield,
  // the lifespan's teardown) runs before the process ends; the parent kills the group if it takes too long.
  // A second Ctrl-C (forwarded only when pressed again): the synchronous last resort (servers killed, files removed).
  process.on(signal, () => {
    const now = arrival();
    if (now === "same") return;
    interrupted = true;
    if (now === "again") {
      runCleanupsNow();
      exit(interruptExitCode(signal));
    }
    void releaseAllOpen().finally(() => exit(interruptExitCode(signal)));
  });
}
process.on("uncaughtException", (error, origin) => {
  // Savers released under a run that goes on throw from its remains: the clean-up must not be cut short for that.
  if (interrupted) return;
  // The stack too: its first frames say where in the saver's code it was thrown.
  send({ t: "crash", origin, error: error instanceof Error && error.stack ? error.stack : errorText(error) });
  exit(70);
});
watchParent(() => exit(70));
setInterval(() => send({ t: "alive" }), HEARTBEAT_MS).unref();

// The engine loads while the parent still parses its command line (it may start this process early, see prestart.ts);
// loaded here, not at the top, so that the capture above is in place before any module of the run loads.
const engine = Promise.all([
  import("./load-within.js"),
  import("../registration.js"),
  import("../engine/validate.js"),
  import("./plan.js"),
  import("../util/usage-error.js"),
  import("../run/progress.js"),
]);
const request = await readRequest<RunRequest>();
if (request) await run(request);
else exit(0); // the parent did not need this process after all

async function run(request: RunRequest): Promise<void> {
  const [
    { loadRegistrationWithin },
    { ConformanceUsageError },
    { ConformanceSetupError, DEFAULT_TIMEOUT_MS, runValidation },
    { runPlanMessage },
    { CliUsageError },
    { forwardingHooks },
  ] = await engine;
  try {
    const registered = await loadRegistrationWithin(request);
    const timeoutMs = request.options.timeoutMs ?? registered.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    send(runPlanMessage(registered, request.options, timeoutMs));
    // As it happens: the parent must know every test in flight (a crash is attributed to them), and puts the calls in order itself.
    const report = await runValidation(
      registered,
      { ...request.options, progress: forwardingHooks((call) => send({ t: "hook", call })) },
      {
        progressOrder: "as-it-happens",
        sectionsAlongside: request.sectionsAfterCapabilities ? false : (running) => send({ t: "sections-alongside", running }),
      },
    );
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
    const text =
      typeof chunk === "string"
        ? chunk
        : Buffer.from(chunk as Uint8Array).toString(typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    send({ t: "output", stream, text });
    const done = typeof encoding === "function" ? encoding : callback;
    if (typeof done === "function") queueMicrotask(() => (done as () => void)());
    return true;
  }) as typeof target.write;
}
