import { describe, expect, it } from 'vitest';
import { isJavaScript, planServiceWorker, type WorkerProbe } from './service-worker-plan.ts';

const answer = (status: number, contentType: string | null): WorkerProbe => ({
  kind: 'response',
  status,
  contentType,
});
const fresh = { hasWorker: false, reloadedAlready: false };
const installed = { hasWorker: true, reloadedAlready: false };

describe('isJavaScript', () => {
  it('accepts the JavaScript media types, with or without parameters', () => {
    expect(isJavaScript('text/javascript')).toBe(true);
    expect(isJavaScript('application/javascript; charset=utf-8')).toBe(true);
    expect(isJavaScript('Text/JavaScript ;charset=UTF-8')).toBe(true);
  });

  it('refuses anything else, and a missing type', () => {
    expect(isJavaScript('text/html; charset=utf-8')).toBe(false);
    expect(isJavaScript('application/json')).toBe(false);
    expect(isJavaScript('text/plain')).toBe(false);
    expect(isJavaScript('')).toBe(false);
    expect(isJavaScript(null)).toBe(false);
  });
});

describe('planServiceWorker', () => {
  it('registers the worker when /sw.js answers with JavaScript', () => {
    expect(planServiceWorker(answer(200, 'text/javascript; charset=utf-8'), fresh)).toEqual({
      action: 'register',
    });
    expect(planServiceWorker(answer(200, 'application/javascript'), installed)).toEqual({
      action: 'register',
    });
  });

  it('unregisters and reloads when /sw.js is a 404 and a worker is installed', () => {
    expect(planServiceWorker(answer(404, 'application/json'), installed)).toEqual({
      action: 'unregister',
      reload: true,
    });
  });

  it('unregisters and reloads when /sw.js is not JavaScript (an HTML fallback page)', () => {
    expect(planServiceWorker(answer(200, 'text/html; charset=utf-8'), installed)).toEqual({
      action: 'unregister',
      reload: true,
    });
    expect(planServiceWorker(answer(200, null), installed)).toEqual({
      action: 'unregister',
      reload: true,
    });
  });

  it('does not reload twice in a tab: the guard stops a reload loop', () => {
    expect(
      planServiceWorker(answer(404, 'text/html'), { hasWorker: true, reloadedAlready: true }),
    ).toEqual({ action: 'unregister', reload: false });
  });

  it('does not reload when there was no worker to remove', () => {
    expect(planServiceWorker(answer(404, 'text/html'), fresh)).toEqual({
      action: 'unregister',
      reload: false,
    });
  });

  it('keeps the installed worker when offline or when the server fails for a moment', () => {
    expect(planServiceWorker({ kind: 'network-error' }, installed)).toEqual({ action: 'keep' });
    expect(planServiceWorker(answer(503, 'text/html'), installed)).toEqual({ action: 'keep' });
    expect(planServiceWorker(answer(500, 'application/json'), installed)).toEqual({
      action: 'keep',
    });
  });
});
