/** The media module's public face: serving photos and private media, and the media janitor. */

export { mediaModule } from './media.module.ts';
export type { MediaJanitor } from './media-janitor.ts';
