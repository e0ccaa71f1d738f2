/**
 * A node's loop over work kept in the database (ADR 037, 064): runs `step` again at once while it
 * answers that more is waiting (a full batch) or while it was woken during the step (work came on
 * this node), else waits `pollMs` or a wake (work another node queued shows at the next poll). A
 * failed step goes to `onError` and the loop goes on. `stop` lets the step in progress finish.
 */
export function startWakeableLoop(options: {
  pollMs: number;
  step: () => Promise<boolean>;
  onError: (err: unknown) => void;
}) {
  let stopped = false;
  let woken = false;
  let endWait: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      woken = false;
      let more = false;
      try {
        more = await options.step();
      } catch (err) {
        options.onError(err);
      }
      if (more || woken || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        endWait = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      endWait = undefined;
    }
  })();
  return {
    /** Work came on this node: the loop takes it now rather than at the next poll. */
    wake() {
      woken = true;
      endWait?.();
    },
    async stop() {
      stopped = true;
      endWait?.();
      await loop;
    },
  };
}
