import type { FastifyInstance } from 'fastify';
import {
  displayKeyOfBlurred,
  findPhotoAccess,
  mayOpenPhoto,
  PROFILE_PHOTO_KEY,
  photoKeyOfFile,
} from '../../core/profile-photos.ts';
import type { Database } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import { sendStoredMedia } from '../../lib/media-reply.ts';
import {
  MEDIA_URL_PREFIX,
  type MediaStore,
  readWhole,
  storageFailure,
} from '../../lib/media-store.ts';
import type { MinutePace } from '../../lib/minute-pace.ts';
import { blurPhoto } from '../../lib/photo-processor.ts';

/** How long a browser may keep a photo it was shown: as long as the offline copy of a screen. */
const KEPT_SECONDS = 7 * 24 * 60 * 60;

/**
 * Profile photos, served only on a link signed for the member it was made for (`media-links.ts`)
 * and only while that member may still see the file (`mayOpenPhoto`, asked on every request): a
 * match ended or a block begun stops a link at once. A file a member may not open answers 404,
 * exactly like a removed photo. Blurred copies of photos stored before they existed are made on
 * their first request (ADR 019).
 */
export async function mediaRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    store: MediaStore;
    links: MediaLinks;
    /** Photos one member may fetch in a minute: a page of suggestions is a hundred. */
    pace: MinutePace;
  },
) {
  const { store } = options;
  // The route lets through only the names of PROFILE_PHOTO_KEY: AVIF sizes, WebP otherwise.
  const headersFor = (key: string) => ({
    'content-type': key.endsWith('.avif') ? 'image/avif' : 'image/webp',
    'x-content-type-options': 'nosniff',
    // `private`: no shared cache (a proxy, a household's) keeps a copy for someone else. The
    // bytes of a link never change, so the member's own browser keeps what it was shown.
    'cache-control': `private, max-age=${KEPT_SECONDS}, immutable`,
  });
  const making = new Map<string, Promise<void>>();

  async function ensureBlurred(key: string, displayKey: string) {
    if (await store.stat(key)) return;
    let made = making.get(key);
    if (!made) {
      made = readWhole(store, displayKey)
        .then((display) => {
          // Nothing to blur: the photo's own file is gone, so is its copy.
          if (!display) throw notFound('FILE_NOT_FOUND');
          return display;
        })
        .then(blurPhoto)
        .then((data) => store.put(key, data))
        .finally(() => making.delete(key));
      making.set(key, made);
    }
    await made;
  }

  app.get<{ Params: { '*': string }; Querystring: { m?: string; e?: string; s?: string } }>(
    `${MEDIA_URL_PREFIX}*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      if (!PROFILE_PHOTO_KEY.test(key)) throw notFound('NOT_FOUND');
      const verdict = options.links.check(request.query);
      if (verdict === 'invalid') throw new HttpError(403, 'MEDIA_LINK_INVALID');
      if (verdict === 'expired') throw new HttpError(403, 'MEDIA_LINK_EXPIRED');
      // The link is signed for this member: the pace counts them, whoever holds the link.
      const viewerId = request.query.m ?? '';
      await options.pace.take(viewerId);
      const displayKey = displayKeyOfBlurred(key);
      // Every size is the photo itself: only the blurred copy is open to any holder of a link.
      const access = await findPhotoAccess(options.db, photoKeyOfFile(key), viewerId);
      if (!access || !mayOpenPhoto(access, viewerId, displayKey !== undefined)) {
        throw notFound('FILE_NOT_FOUND');
      }
      if (displayKey)
        await ensureBlurred(key, displayKey).catch((error) => {
          throw storageFailure(error);
        });
      return sendStoredMedia(request, reply, store, key, headersFor(key));
    },
  );
}
