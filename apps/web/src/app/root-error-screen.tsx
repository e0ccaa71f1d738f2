import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button.tsx';

/**
 * The root error boundary's screen (root-layout.tsx): what a member sees when a screen fails to render or its chunk
 * cannot load (a release replaced it, the connection dropped mid-load), instead of a blank page.
 * In the member's language (its texts are in the first route's `common`), the heading focused so
 * a screen reader says it at once, and a reload: the usual cure, which fetches the current
 * release. Small by design: it is part of the first route (ADR 047).
 */
export function RootErrorScreen({ error }: Pick<FallbackProps, 'error'>) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    console.error(error);
    heading.current?.focus();
  }, [error]);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-sand-50 px-4">
      <div className="w-full max-w-md rounded-card bg-white p-6 text-center shadow-card sm:p-8">
        <AlertTriangle aria-hidden="true" className="mx-auto size-10 text-danger" />
        <h1 ref={heading} tabIndex={-1} className="mt-3 font-display text-2xl text-teal-900">
          {t('rootError.title')}
        </h1>
        <p className="mt-2 text-ink-muted">{t('rootError.body')}</p>
        <Button className="mt-6" block onClick={() => window.location.reload()}>
          {t('rootError.reload')}
        </Button>
      </div>
    </main>
  );
}
