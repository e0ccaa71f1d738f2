/** The users module's public face: registration, the member's own profile and photos. */

export { usersModule } from './users.module.ts';
export { registrationRoutes, usersRoutes } from './users.routes.ts';
export { createUsersService, type UsersService } from './users.service.ts';
