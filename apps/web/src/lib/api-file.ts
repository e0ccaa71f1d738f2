import { send } from './api-client.ts';

/**
 * A file the API sends as an attachment, fetched with the session's token (a plain link cannot
 * carry it): its bytes, and the name the server gives it. Apart from the API client so that the
 * first route, which never downloads, does not carry it.
 */
export async function apiFile(
  path: string,
  signal?: AbortSignal,
): Promise<{ blob: Blob; filename: string | undefined }> {
  const response = await send(path, { accept: '*/*', ...(signal ? { signal } : {}) });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1];
  return { blob: await response.blob(), filename };
}
