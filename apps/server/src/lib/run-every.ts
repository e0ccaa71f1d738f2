/**
 * Runs `run` every `everyMs` on this node, one run at a time: a tick while a run is still going
 * is skipped, not queued. A failed run is told to `onError` and the next tick runs again. The
 * answer stops the ticks and waits for a run in flight, for a clean shutdown.
 */
export function runEvery(
  everyMs: number,
  run: () => Promise<unknown>,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= run()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
