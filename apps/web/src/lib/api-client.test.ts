import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi } from './api-client.ts';

function answerWith(body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callApi', () => {
  it('fills the path from the endpoint map, encoding each parameter', async () => {
    const fetchMock = answerWith({ id: 'x' });
    await callApi('memberDetails', { params: { id: 'a/b?c' } });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/a%2Fb%3Fc/details',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('sends the query without absent values', async () => {
    const fetchMock = answerWith({ content: [], page: 2, size: 100 });
    await callApi('suggestions', { query: { page: 2, size: undefined } });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/suggestions?page=2',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('posts a JSON body with the map’s method', async () => {
    const fetchMock = answerWith({ mutualLike: true });
    const answer = await callApi('like', { body: { likedUserId: 'm1' } });
    expect(answer).toEqual({ mutualLike: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/like');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"likedUserId":"m1"}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('sends a multipart form as it is, with PUT for the profile', async () => {
    const fetchMock = answerWith({});
    const form = new FormData();
    form.append('name', 'Amina');
    await callApi('updateProfile', { form });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/update');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(form);
  });
});
