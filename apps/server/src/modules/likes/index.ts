/** The likes module's public face: likes, "It's a match", who liked me. */

export { likesModule } from './likes.module.ts';
export type { LikesService } from './likes.service.ts';
