import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './http-error.ts';
import { type MediaInfo, type MediaStore, storageFailure } from './media-store.ts';

/**
 * A byte range a request may ask for (RFC 9110 §14): one range, satisfiable against `size`.
 * `undefined` means the whole file (no Range, several ranges, or not bytes: all allowed to be
 * ignored); `'unsatisfiable'` a 416.
 */
function byteRangeOf(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '') {
    // The last `last` bytes.
    const length = Math.min(Number(last), size);
    return length > 0 ? { start: size - length, end: size - 1 } : 'unsatisfiable';
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  return start <= end ? { start, end } : undefined;
}

const weakMatch = (header: string, etag: string) =>
  header === '*' ||
  header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag.replace(/^W\//, ''));

/** Whether the browser's copy is still this file (a 304): its validators, ETag first. */
function unchanged(request: FastifyRequest, info: MediaInfo): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return weakMatch(ifNoneMatch, info.etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(info.modifiedAt.getTime() / 1000) * 1000 <= since;
}

/** `If-Range`: the range holds only for the version the browser already has part of. */
function rangeStillApplies(request: FastifyRequest, info: MediaInfo): boolean {
  const ifRange = request.headers['if-range'];
  if (typeof ifRange !== 'string') return true;
  if (ifRange.includes('"')) return !ifRange.startsWith('W/') && ifRange === info.etag;
  return Math.floor(info.modifiedAt.getTime() / 1000) * 1000 <= Date.parse(ifRange);
}

/**
 * Sends a stored file as `@fastify/static` did, from the disk or a bucket alike: its validators
 * (ETag, Last-Modified) and a 304 when the browser's copy is current, one byte range (206, 416)
 * for a voice note's seeking, and `headers` (type, caching) only on a file found. A missing file
 * is the JSON 404 `FILE_NOT_FOUND`; a store that fails, a 503 with Retry-After. A plain request
 * costs one read of the store; a conditional or ranged one asks its size first.
 */
export async function sendStoredMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  store: MediaStore,
  key: string,
  headers: Record<string, string>,
): Promise<FastifyReply> {
  try {
    const conditional =
      request.headers.range ||
      request.headers['if-none-match'] ||
      request.headers['if-modified-since'];
    const info = conditional ? await store.stat(key) : undefined;
    if (conditional && !info) throw notFound('FILE_NOT_FOUND');
    if (info && unchanged(request, info)) {
      return reply
        .headers({ ...headers, ...validators(info) })
        .status(304)
        .send();
    }
    const range =
      info && rangeStillApplies(request, info)
        ? byteRangeOf(request.headers.range, info.size)
        : undefined;
    if (range === 'unsatisfiable') {
      return reply
        .headers({ 'content-range': `bytes */${info?.size}`, 'accept-ranges': 'bytes' })
        .status(416)
        .send();
    }
    const read = await store.read(key, range);
    if (!read) throw notFound('FILE_NOT_FOUND');
    reply.headers({
      ...headers,
      ...validators(read),
      'accept-ranges': 'bytes',
      'content-length': String(range ? range.end - range.start + 1 : read.size),
    });
    if (range) {
      reply.header('content-range', `bytes ${range.start}-${range.end}/${read.size}`).status(206);
    }
    return reply.send(read.body);
  } catch (error) {
    throw storageFailure(error);
  }
}

const validators = (info: MediaInfo) => ({
  etag: info.etag,
  'last-modified': info.modifiedAt.toUTCString(),
});
