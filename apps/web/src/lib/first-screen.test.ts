import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The gate opens once a visit: each test takes a module of its own.
async function freshGate() {
  vi.resetModules();
  return (await import('./first-screen.ts')).firstScreen;
}

describe('the first screen before the rest (ADR 055)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps what waits until the first route has rendered and the browser is idle', async () => {
    const gate = await freshGate();
    const started = vi.fn();
    gate.after(started);
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).not.toHaveBeenCalled();
    gate.rendered();
    expect(started).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toHaveBeenCalledOnce();
    expect(gate.isShown()).toBe(true);
  });

  it('stays shut while the screen holds it, and opens once the hold is let go', async () => {
    const gate = await freshGate();
    const started = vi.fn();
    gate.after(started);
    const release = gate.hold();
    gate.rendered();
    await vi.advanceTimersByTimeAsync(2000);
    expect(started).not.toHaveBeenCalled();
    release();
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toHaveBeenCalledOnce();
  });

  it('stays shut for a screen that holds it after the render, before the browser was idle', async () => {
    // A page whose hold comes after the route's render (its chunk or its answer came later).
    const gate = await freshGate();
    const started = vi.fn();
    gate.after(started);
    gate.rendered();
    const release = gate.hold();
    await vi.advanceTimersByTimeAsync(2000);
    expect(started).not.toHaveBeenCalled();
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toHaveBeenCalledOnce();
  });

  it('opens three seconds after the first render even if what was awaited never comes', async () => {
    const gate = await freshGate();
    const started = vi.fn();
    gate.after(started);
    gate.hold();
    gate.rendered();
    await vi.advanceTimersByTimeAsync(2900);
    expect(started).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(101);
    expect(started).toHaveBeenCalledOnce();
  });

  it('once open, runs what comes at once, holds nothing, and forgets a cancelled wait', async () => {
    const gate = await freshGate();
    const cancelled = vi.fn();
    gate.after(cancelled)();
    gate.rendered();
    await vi.advanceTimersByTimeAsync(100);
    expect(cancelled).not.toHaveBeenCalled();
    gate.hold();
    const late = vi.fn();
    gate.after(late);
    expect(late).toHaveBeenCalledOnce();
  });

  it('runs long imports one after the other, each in a task of its own', async () => {
    vi.resetModules();
    const { inTasks } = await import('./first-screen.ts');
    const ran: string[] = [];
    const done = inTasks([
      async () => ran.push('zod') && 'core',
      async () => ran.push('schemas') && 2,
    ] as const);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    // The browser gets its turn between the two.
    expect(ran).toEqual(['zod']);
    await vi.advanceTimersByTimeAsync(0);
    await expect(done).resolves.toEqual(['core', 2]);
    expect(ran).toEqual(['zod', 'schemas']);
  });
});
