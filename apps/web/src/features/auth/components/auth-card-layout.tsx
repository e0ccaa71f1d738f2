import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { LogoMark } from '@/components/logo.tsx';
import { StarPattern } from '@/components/star-pattern.tsx';

/** The frame of the forgot and reset screens: a teal band, the brand, one card, one heading. */
export function AuthCardLayout({
  title,
  intro,
  icon,
  children,
}: {
  title: string;
  intro?: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <main className="relative min-h-dvh pb-12">
      <div aria-hidden="true" className="absolute inset-x-0 top-0 h-64 overflow-hidden bg-teal-800">
        <StarPattern />
      </div>
      <div className="relative mx-auto max-w-md px-4 pt-4 sm:pt-8">
        <div className="flex items-center justify-between text-white">
          <p className="inline-flex min-h-11 items-center gap-2 font-display text-2xl">
            <LogoMark className="size-9" />
            Mawadda
          </p>
          <LanguageSwitch />
        </div>
        <div className="mt-8 rounded-card bg-white p-6 shadow-card sm:mt-12 sm:p-8">
          {icon ? (
            <div className="mb-4 inline-flex size-12 items-center justify-center rounded-2xl bg-teal-50 text-teal-700">
              {icon}
            </div>
          ) : null}
          <h1 className="font-display text-3xl leading-tight text-teal-900">{title}</h1>
          {intro ? <p className="mt-2 text-ink-muted">{intro}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </main>
  );
}
