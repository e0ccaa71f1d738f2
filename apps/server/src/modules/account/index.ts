/** The account module's public face: a member's data copy (ADR 028) and account deletion. */

export { accountModule } from './account.module.ts';
export { accountRoutes } from './account.routes.ts';
export { createAccountDeletion } from './account-deletion.service.ts';
export { createDataExports, type DataExports } from './data-exports.ts';
