import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import { MEDIA_URL_PREFIX, type MediaStore, MediaStoreUnavailableError } from './media-store.ts';

/** Where an S3-compatible bucket is and how to sign for it (`MEDIA_STORE_*`, configuration.md). */
export type S3Location = {
  /** The service's base URL: `https://s3.eu-west-3.amazonaws.com`, a MinIO, R2 or Scaleway one. */
  endpoint: string;
  bucket: string;
  /** Put before every key (`mawadda/media/`), so one bucket can hold several stores. */
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO and most test servers). */
  forcePathStyle: boolean;
};

/** A store that answers nothing within this is down for this request (503); reads then stream. */
const ANSWER_TIMEOUT_MS = 15_000;
/** A data export's ZIP may be large and the link slow: it gets longer to go up. */
const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;
/** What one DeleteObjects request may name (S3's limit). */
const DELETE_BATCH = 1000;

const xmlText = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

const xmlEscape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The values of every `<tag>` in an S3 answer: its XML is flat enough for this. */
const valuesOf = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => xmlText(m[1] ?? ''));

/**
 * Media in an S3-compatible bucket (ADR 046), through signed HTTP requests (`aws4fetch`, SigV4).
 * The bucket stays private: members never see its URLs, the media routes check their links and
 * their rights, then stream from here. A PUT is atomic in S3: a reader sees the old object, the
 * new one or none, never half. Any failure to answer is a `MediaStoreUnavailableError`; a missing
 * object is `undefined`; a missing bucket is unavailable.
 */
export function createS3MediaStore(location: S3Location): MediaStore {
  // Two tries more on a 5xx or a 429 for small requests; none for a streamed upload (its body
  // cannot be read twice): callers of `putFile` try again on their next sweep.
  const client = new AwsClient({
    accessKeyId: location.accessKeyId,
    secretAccessKey: location.secretAccessKey,
    service: 's3',
    region: location.region,
    retries: 2,
    initRetryMs: 100,
  });
  const endpoint = new URL(location.endpoint);
  const base = endpoint.pathname.replace(/\/$/, '');
  const bucketUrl = location.forcePathStyle
    ? `${endpoint.origin}${base}/${location.bucket}`
    : `${endpoint.protocol}//${location.bucket}.${endpoint.host}${base}`;
  const objectUrl = (key: string) =>
    `${bucketUrl}/${(location.prefix + key).split('/').map(encodeURIComponent).join('/')}`;

  async function request(
    url: string,
    init: RequestInit & { timeoutMs?: number; once?: boolean } = {},
  ): Promise<Response> {
    // The timer covers the answer's headers only: a body then streams to the member at their pace.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), init.timeoutMs ?? ANSWER_TIMEOUT_MS);
    const method = init.method ?? 'GET';
    try {
      const signedInit = { ...init, signal: abort.signal };
      const response = init.once
        ? await fetch(await client.sign(url, signedInit))
        : await client.fetch(url, signedInit);
      if (response.ok) return response;
      const answer = await response.text().catch(() => '');
      const code = valuesOf(answer, 'Code')[0] ?? '';
      // A missing object is an answer (its body read); a missing bucket is a store set up wrong.
      if (response.status === 404 && code !== 'NoSuchBucket') return response;
      throw new MediaStoreUnavailableError(
        `Object store answered ${method} with ${response.status} ${code}`.trim(),
      );
    } catch (error) {
      if (error instanceof MediaStoreUnavailableError) throw error;
      throw new MediaStoreUnavailableError(`Object store unreachable (${method})`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  const infoOf = (response: Response) => ({
    size: Number(
      response.headers.get('content-range')?.split('/')[1] ??
        response.headers.get('content-length'),
    ),
    etag: response.headers.get('etag') ?? '',
    modifiedAt: new Date(response.headers.get('last-modified') ?? 0),
  });

  async function removeBatch(keys: string[]) {
    const body = `<Delete><Quiet>true</Quiet>${keys
      .map((key) => `<Object><Key>${xmlEscape(location.prefix + key)}</Key></Object>`)
      .join('')}</Delete>`;
    // S3 asks for the body's digest on a multiple delete.
    const digest = createHash('md5').update(body).digest('base64');
    const response = await request(`${bucketUrl}?delete`, {
      method: 'POST',
      body,
      headers: { 'content-md5': digest, 'content-type': 'application/xml' },
    });
    const failed = valuesOf(await response.text(), 'Code');
    if (failed.length > 0) {
      throw new MediaStoreUnavailableError(
        `Object store kept ${failed.length} objects (${failed[0]})`,
      );
    }
  }

  return {
    async put(key, data) {
      await request(objectUrl(key), { method: 'PUT', body: data });
    },
    async putFile(key, file) {
      const { size } = await fs.promises.stat(file);
      await request(objectUrl(key), {
        method: 'PUT',
        body: Readable.toWeb(fs.createReadStream(file)) as ReadableStream,
        headers: { 'content-length': String(size) },
        duplex: 'half',
        timeoutMs: UPLOAD_TIMEOUT_MS,
        once: true,
      } as RequestInit);
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        await removeBatch(keys.slice(i, i + DELETE_BATCH));
      }
    },
    urlFor: (key) => MEDIA_URL_PREFIX + key,
    async stat(key) {
      const response = await request(objectUrl(key), { method: 'HEAD' });
      return response.status === 404 ? undefined : infoOf(response);
    },
    async read(key, range) {
      const response = await request(objectUrl(key), {
        headers: range ? { range: `bytes=${range.start}-${range.end}` } : {},
      });
      if (response.status === 404 || !response.body) return undefined;
      return { ...infoOf(response), body: Readable.fromWeb(response.body as never) };
    },
    async *list(prefix = '') {
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ 'list-type': '2', prefix: location.prefix + prefix });
        if (token) query.set('continuation-token', token);
        const answer = await (await request(`${bucketUrl}?${query}`)).text();
        const keys = valuesOf(answer, 'Key');
        const dates = valuesOf(answer, 'LastModified');
        for (const [i, key] of keys.entries()) {
          yield { key: key.slice(location.prefix.length), modifiedAt: new Date(dates[i] ?? 0) };
        }
        token =
          valuesOf(answer, 'IsTruncated')[0] === 'true'
            ? valuesOf(answer, 'NextContinuationToken')[0]
            : undefined;
      } while (token);
    },
  };
}

/** One of the app's stores (`media`, `private-media`, `exports`) under its folder of the bucket. */
export const s3MediaStoreIn = (location: S3Location, folder: string) =>
  createS3MediaStore({ ...location, prefix: `${location.prefix}${folder}/` });
