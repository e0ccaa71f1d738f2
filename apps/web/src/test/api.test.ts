import { describe, expect, it } from 'vitest';
import { callApi } from '@/lib/api-client.ts';
import { checkReply, endpointOf, mockEndpoints, type Reply } from './api.ts';
import { noDataExport } from './fixtures.ts';

describe('the typed API stubs', () => {
  it('answer an endpoint by its contract name, path parameters matched', async () => {
    mockEndpoints({ dataExport: { body: noDataExport } });
    await expect(callApi('dataExport')).resolves.toEqual(noDataExport);
    expect(endpointOf('GET', '/api/users/me')).toEqual({ name: 'currentUser', params: {} });
    expect(endpointOf('POST', '/api/users/awa-2/block')).toEqual({
      name: 'block',
      params: { id: 'awa-2' },
    });
  });

  it('refuse at stub time a body the response schema rejects', () => {
    const wrong = { body: { status: 'done' } } as unknown as Reply<'dataExport'>;
    expect(() => mockEndpoints({ dataExport: wrong })).toThrow(
      /The stub of dataExport answers a body the contract refuses:\n {2}\$\.status/,
    );
  });

  it('refuse a field the server does not send, as the hand-copied export had', () => {
    const copied = { body: { ...noDataExport, downloadUrl: null } } as Reply<'dataExport'>;
    expect(() => checkReply('dataExport', copied)).toThrow('$.downloadUrl: not in the contract');
  });

  it('refuse an error body without its stable code', () => {
    const refusal = { status: 400, body: { message: 'No' } } as unknown as Reply<'login'>;
    expect(() => checkReply('login', refusal)).toThrow(/error body the contract refuses/);
  });
});
