/** The likes module's public face: likes, "It's a match", who liked me. */

export { likesModule } from './likes.module.ts';
export { likesRoutes } from './likes.routes.ts';
export { createLikesService, type LikesService } from './likes.service.ts';
