import type { RegistrationFields } from '@mawadda/contract';
import type { Resolver } from 'react-hook-form';
import { inTasks } from '@/lib/first-screen.ts';
import type { RegistrationFormValues } from './registration-values.ts';

type RegistrationResolver = Resolver<RegistrationFormValues, unknown, RegistrationFields>;

let schemaResolver: Promise<RegistrationResolver> | undefined;

/**
 * The contract's schema, and zod with it (a third of the page's script), loads once the wizard
 * is on screen: the page paints without it, and it is there long before the first check. A
 * failed load is retried at the next check. It comes in five parts, each run in a task of its
 * own (zod's core, the resolver, zod's schema types with the contract's field helpers, the
 * faith and family answers' schemas, then registration's): run at once, making the schemas held
 * a phone's main thread for a fifth of a second, and a tap with it.
 */
export function loadSchemaResolver() {
  schemaResolver ??= (async () => {
    const [, { zodResolver }, , , { registrationFieldsSchema }] = await inTasks([
      () => import('@mawadda/contract/zod-config'),
      () => import('@hookform/resolvers/zod'),
      () => import('@mawadda/contract/form-fields'),
      () => import('@mawadda/contract/faith-family-schemas'),
      () => import('@mawadda/contract/users'),
    ] as const);
    return zodResolver(registrationFieldsSchema) as unknown as RegistrationResolver;
  })().catch((error: unknown) => {
    schemaResolver = undefined;
    throw error;
  });
  return schemaResolver;
}

/** The wizard's resolver: the contract's checks, waited for at the first check if need be. */
export const registrationResolver: RegistrationResolver = async (values, context, options) =>
  (await loadSchemaResolver())(values, context, options);
