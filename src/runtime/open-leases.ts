/**
 * The savers and the lifespan a run holds right now, with how to let each go
 * (the factory's code after `yield`, the lifespan's teardown). They are tracked
 * with the run's other clean-ups (src/cleanup), so an interrupted run releases
 * them too, newest first: a saver before the lifespan or server it runs on.
 */
import { runCleanups, track } from "../cleanup/tasks.js";

/** Holds `release` until it runs; returns the release to call instead (it runs once and stops holding it). */
export function holdOpen(release: () => Promise<void>): () => Promise<void> {
  // A release is the user's asynchronous code: nothing can run it synchronously as the process ends.
  const held = track({ run: release, runNow: () => undefined });
  return () => held.run();
}

/** Releases everything still held (and the run's other tracked clean-ups), newest first; never rejects. */
export function releaseAllOpen(): Promise<void> {
  return runCleanups();
}
