/** The account module's public face: a member's data copy (ADR 028) and account deletion. */

export { accountModule } from './account.module.ts';
export type { DataExports } from './data-exports.ts';
