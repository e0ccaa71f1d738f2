import { guardianEndpointRoutes } from '@mawadda/contract/guardian-endpoint-routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi, endpointCaller, setSessionExpiredHandler } from './api-client.ts';
import { dropEarlyAnswers, startEarlyAnswer } from './early-answers.ts';
import { session } from './session.ts';

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

function refuseWith(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.end();
  dropEarlyAnswers();
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

  it('sends the app’s language, so what the server sends later (pushes, e-mails) is in it', async () => {
    document.documentElement.lang = 'fr';
    const fetchMock = answerWith({ content: [], page: 0, size: 20 });
    await callApi('suggestions', { query: {} });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'accept-language': 'fr' });
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

  it('calls a lazy feature’s endpoints through a caller of that feature’s own map', async () => {
    const fetchMock = answerWith({});
    await endpointCaller(guardianEndpointRoutes)('removeGuardian', { params: { id: 'g1' } });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/guardians/g1',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  // Type checks (`tsc -b`), never run: a name outside the caller's map does not compile.
  function _endpointsOutsideTheMap() {
    // @ts-expect-error family mode's endpoints are not in the main map
    callApi('removeGuardian', { params: { id: 'g1' } });
    // @ts-expect-error nor are the main map's in family mode's
    endpointCaller(guardianEndpointRoutes)('memberDetails', { params: { id: 'm1' } });
  }
});

describe('a session ended under the member', () => {
  const suspended = {
    code: 'ACCOUNT_SUSPENDED',
    message: 'Your account is suspended until 2026-12-02T10:00:00.000Z.',
    params: { until: '2026-12-02T10:00:00.000Z', reason: 'Fake photos' },
  };

  it('ends the session and hands the suspension to login, once for calls refused together', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    session.start('token-1');
    refuseWith(403, suspended);
    const calls = [callApi('currentUser'), callApi('notifications')];
    for (const call of calls) await expect(call).rejects.toMatchObject({ status: 403 });
    expect(session.token()).toBeNull();
    expect(expired.mock.calls).toEqual([[suspended]]);
  });

  it('goes to login with nothing to say after a plain 401, and ignores refusals of no session', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    session.start('token-1');
    refuseWith(401, { code: 'SESSION_ENDED', message: 'Your session has ended.' });
    await expect(callApi('currentUser')).rejects.toMatchObject({ status: 401 });
    expect(expired.mock.calls).toEqual([[undefined]]);
    // A visitor's 403 (no token) and another refusal of a member's call end nothing.
    refuseWith(403, suspended);
    await expect(callApi('currentUser')).rejects.toMatchObject({ status: 403 });
    session.start('token-2');
    refuseWith(403, { code: 'CONSENT_REQUIRED', message: 'Consent' });
    await expect(callApi('notifications')).rejects.toMatchObject({ status: 403 });
    expect(session.token()).toBe('token-2');
    expect(expired).toHaveBeenCalledOnce();
  });
});

describe('answers asked for before the app loaded (ADR 054)', () => {
  const page = { content: [], page: 0, size: 100 };

  it('are taken by the first read of the same address with the same token: one request', async () => {
    session.start('token-1');
    const fetchMock = answerWith(page);
    startEarlyAnswer('/api/users/suggestions?page=0&size=100', 'token-1');
    expect(await callApi('suggestions', { query: { page: 0, size: 100 } })).toEqual(page);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next read asks the server.
    await callApi('suggestions', { query: { page: 0, size: 100 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are asked for in the language the app will show, whatever the browser prefers', async () => {
    window.history.replaceState(null, '', '/fr/suggestions');
    const browser = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    const fetchMock = answerWith(page);
    startEarlyAnswer('/api/users/suggestions?page=0&size=100', 'token-5');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'accept-language': 'fr' });
    browser.mockRestore();
    window.history.replaceState(null, '', '/');
  });

  it('are not given to another session, nor to another address', async () => {
    const fetchMock = answerWith(page);
    startEarlyAnswer('/api/users/suggestions?page=0&size=100', 'token-of-the-last-member');
    session.start('token-2');
    await callApi('suggestions', { query: { page: 0, size: 100 } });
    await callApi('suggestions', { query: { page: 1, size: 100 } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [, mine] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(mine.headers).toMatchObject({ authorization: 'Bearer token-2' });
  });

  it('are dropped by a write: a read after it sees what the write changed', async () => {
    session.start('token-3');
    const fetchMock = answerWith(page);
    startEarlyAnswer('/api/users/suggestions?page=0&size=100', 'token-3');
    await callApi('savePreferences', { body: { minAge: 25, maxAge: 35, maxDistanceKm: null } });
    await callApi('suggestions', { query: { page: 0, size: 100 } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [read] = fetchMock.mock.calls[2] as unknown as [string];
    expect(read).toBe('/api/users/suggestions?page=0&size=100');
  });

  it('go through the refusals like any answer: a refused token ends the session', async () => {
    session.start('token-4');
    const fetchMock = refuseWith(401, { code: 'UNAUTHORIZED', message: 'Unauthorized' });
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    startEarlyAnswer('/api/users/suggestions?page=0&size=100', 'token-4');
    await expect(callApi('suggestions', { query: { page: 0, size: 100 } })).rejects.toMatchObject({
      status: 401,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(session.get()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });
});
