import type { Statement } from '@mawadda/contract';

/** The statements with `updated` in place of the one it answers for. */
export const replaced = (statements: Statement[], updated: Statement) =>
  statements.map((s) => (s.id === updated.id ? updated : s));
