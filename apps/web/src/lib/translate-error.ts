import type { ErrorCode } from '@mawadda/contract/error-codes';
import { ERROR_DEFAULT_PARAMS, type ErrorParams } from '@mawadda/contract/error-params';
import type { Namespace, TFunction } from 'i18next';

/** A screen's `t`, whichever namespaces it is bound to: the refusals are in `errors`. */
type Translate = TFunction<Namespace>;
export type Refusal = { code?: string | undefined; params?: ErrorParams | undefined };

/** A code's shape: what could name an i18next key or an object's own property never is one. */
const CODE = /^[A-Z][A-Z0-9_]*$/;

/**
 * A refusal in the member's language, by its code: the server's answers and the contract's form
 * rules carry the same codes, and the `errors` namespace holds their text in English (the
 * contract's) and French (i18n/i18n.ts). Undefined for a code with no text: one this build does
 * not know (a newer server), or one whose catalogue is still loading. The caller then says what
 * the spec says for that screen.
 */
export function translateError(t: Translate, refusal: Refusal | string | undefined) {
  const { code, params } =
    typeof refusal === 'string' ? { code: refusal, params: {} } : (refusal ?? {});
  if (!code || !CODE.test(code)) return undefined;
  // The code is the server's: one this build may not know, so not a key the compiler can check.
  const text = (t as (key: string, options: Record<string, unknown>) => string)(`errors:${code}`, {
    ...ERROR_DEFAULT_PARAMS[code as ErrorCode],
    ...params,
    defaultValue: '',
  });
  return text || undefined;
}
