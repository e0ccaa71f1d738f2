import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A fresh gate, shut (the test setup opens the shared one), with the React and Testing Library
 * that go with it: every module is taken anew.
 */
let cleanup: () => void = () => undefined;
async function freshModules() {
  vi.resetModules();
  const [react, testing, gate, hooks] = await Promise.all([
    import('react'),
    import('@testing-library/react'),
    import('./first-screen.ts'),
    import('./use-first-screen.ts'),
  ]);
  cleanup = testing.cleanup;
  return { h: react.createElement, ...testing, ...gate, ...hooks };
}

describe('InTurn: a screen drawn in turns (ADR 056)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('draws its fallback first and its children in the next task, while the first screen is drawn', async () => {
    const { h, render, screen, act, InTurn, firstScreen } = await freshModules();
    vi.useFakeTimers();
    const started = vi.fn();
    firstScreen.after(started);
    render(
      h(InTurn, {
        fallback: h('p', null, 'A card on its way'),
        children: h('p', null, 'Aminata, 27'),
      }),
    );
    firstScreen.rendered();
    expect(screen.getByText('A card on its way')).toBeInTheDocument();
    expect(screen.queryByText('Aminata, 27')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Aminata, 27')).toBeInTheDocument();
    expect(screen.queryByText('A card on its way')).not.toBeInTheDocument();
    // Drawn, it lets the gate go: what waits for the first screen starts.
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(started).toHaveBeenCalledOnce();
  });

  it('draws its children at once after the first screen', async () => {
    const { h, render, screen, InTurn, firstScreen } = await freshModules();
    firstScreen.rendered();
    await new Promise<void>((resolve) => firstScreen.after(resolve));
    render(
      h(InTurn, {
        fallback: h('p', null, 'A card on its way'),
        children: h('p', null, 'Aminata, 27'),
      }),
    );
    expect(screen.getByText('Aminata, 27')).toBeInTheDocument();
    expect(screen.queryByText('A card on its way')).not.toBeInTheDocument();
  });
});
