import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

describe('Save-Data', () => {
  it('is told back to the app on its answers, and only when the browser asked to save data', async () => {
    for (const url of ['/healthz', '/api/users/me']) {
      const saving = await t.app.inject({ url, headers: { 'save-data': 'on' } });
      expect(saving.headers['x-save-data'], url).toBe('on');
      const plain = await t.app.inject({ url });
      expect(plain.headers['x-save-data'], url).toBeUndefined();
    }
  });
});
