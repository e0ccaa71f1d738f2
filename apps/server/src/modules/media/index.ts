/** The media module's public face: serving photos and private media, and the media janitor. */

export { mediaModule } from './media.module.ts';
export { mediaRoutes } from './media.routes.ts';
export { createMediaJanitor, type MediaJanitor } from './media-janitor.ts';
export { privateMediaRoutes } from './private-media.routes.ts';
