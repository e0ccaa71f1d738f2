import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/i18n/i18n.ts';

/**
 * What every screen shares. The query client is not here: the routes that use it bring it
 * (with-queries.tsx), so the first route loads without TanStack Query (ADR 047).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
