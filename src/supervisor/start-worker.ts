/**
 * A worker process of `npm start` (src/supervisor/start-workers.ts starts it):
 * runs the jobs it is sent, one after another, and streams each backend's
 * start, test results and outcome (its report as lossless JSON) to the parent,
 * which prints everything in order. Ctrl-C reaches it from the parent; what it
 * created is cleaned up then, or synchronously when the parent dies.
 */
import { externalPostgres } from "../backends/postgres/server.js";
import { SharedResources } from "../backends/shared-resources.js";
import { runJob, startProgram, type JobSink } from "../matrix/start-lanes.js";
import { outcomeToJSON } from "../reporters/matrix/matrix-report-json.js";
import { forwardingHooks } from "../run/progress.js";
import { readRequest, sendToParent, watchParent } from "./message-channel.js";
import type { StartWorkerMessage, StartWorkerRequest } from "./start-worker-protocol.js";

const send = (message: StartWorkerMessage) => sendToParent(message, () => process.exit(70));
// process.exit runs the synchronous clean-ups still tracked (servers killed, directories removed).
watchParent(() => process.exit(70));

const request = await readRequest<StartWorkerRequest>();
if (request) {
  const program = startProgram(request.graph);
  const shared = new SharedResources(request.postgresUrl ? { postgres: externalPostgres(request.postgresUrl) } : {});
  try {
    for (const [index, job] of request.jobs.entries()) {
      const sink: JobSink = {
        column: () => ({
          onBackendStart: (backend) => send({ t: "start", job: index, backend: backend.id }),
          onBackendEnd: (outcome) => send({ t: "end", job: index, outcome: outcomeToJSON(outcome) }),
          progress: forwardingHooks((call) => call.name === "onTestResult" && send({ t: "hook", job: index, call })),
          matrix: ({ outcomes: _, ...result }) => send({ t: "matrix", job: index, result }),
        }),
        product: (_, result) => send({ t: "product", job: index, result }),
      };
      await runJob(program, job, shared, sink).catch((error: unknown) =>
        send({ t: "failed", job: index, error: error instanceof Error ? error.message : String(error) }),
      );
    }
  } finally {
    await shared.release();
  }
  send({ t: "done" });
}
process.exit(0);
