/** The users module's public face: registration, the member's own profile and photos. */

export { usersModule } from './users.module.ts';
export type { UsersService } from './users.service.ts';
