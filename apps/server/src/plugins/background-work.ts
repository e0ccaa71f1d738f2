import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Stops what `start` began; awaited at onClose. */
export type Stop = () => void | Promise<void>;
/** Something a module runs in the background: from onReady until its stop at onClose. */
export type BackgroundPart = { name: string; start(): Stop };

export type BackgroundWork = {
  /** Hands a part over: started after the parts added before it, stopped before them. */
  add(part: BackgroundPart): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundWork;
  }
}

/**
 * The app's one lifecycle (ADR 034, 062): modules hand their background work here as they
 * register; everything starts at onReady in the order it was added and stops at onClose in the
 * reverse order, so a part stops before what it was started after.
 */
export const backgroundWork = fp(
  async (app: FastifyInstance) => {
    const parts: BackgroundPart[] = [];
    const stops: Stop[] = [];
    app.decorate('background', { add: (part: BackgroundPart) => void parts.push(part) });
    app.addHook('onReady', async () => {
      for (const part of parts) stops.push(part.start());
    });
    app.addHook('onClose', async () => {
      for (const stop of stops.splice(0).reverse()) await stop();
    });
  },
  { name: 'background-work' },
);
