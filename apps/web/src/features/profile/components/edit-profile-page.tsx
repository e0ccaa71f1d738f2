import { RotateCcw, UserRoundPen } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { useCurrentUser } from '../hooks/use-profile.ts';
import { useProfileTranslation } from '../i18n.ts';
import { EditProfileForm } from './edit-profile-form.tsx';
import { ProfileFormSkeleton } from './profile-form-skeleton.tsx';

/**
 * /mon-profil (docs/spec.md §2 to 5): the member's profile as a form, with their photos, once it
 * has loaded. `onSaved` lets the app refresh what depends on the profile (suggestions). `after`
 * comes below the form (the subscription, blocked members, the account): the page is first about
 * the profile, and a member sent here to complete it finds the note and the form at the top.
 */
export function EditProfilePage({ onSaved, after }: { onSaved?: () => void; after?: ReactNode }) {
  const { t } = useProfileTranslation();
  useDocumentTitle(t('title'));
  const me = useCurrentUser();
  return (
    <main className="flex-1">
      <div className="mx-auto w-full max-w-5xl px-4 pb-12 pt-6 md:pt-10">
        <header>
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-[0.12em] text-teal-700">
            <UserRoundPen aria-hidden="true" className="size-4" />
            {t('eyebrow')}
          </p>
          <h1 className="mt-2 font-display text-3xl font-semibold leading-tight text-teal-900 md:text-4xl">
            {t('title')}
          </h1>
          <p className="mt-2 max-w-[60ch] leading-relaxed text-ink-muted">{t('lead')}</p>
        </header>
        {me.data ? (
          <EditProfileForm user={me.data} onSaved={onSaved} />
        ) : me.isError ? (
          <div className="mt-8 flex flex-col items-center gap-3 rounded-card border border-sand-200 bg-white px-6 py-10 text-center shadow-card">
            <p role="alert" className="font-medium text-ink">
              {t('loadError')}
            </p>
            <button
              type="button"
              onClick={() => void me.refetch()}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 font-semibold text-teal-800 transition-colors hover:bg-teal-50"
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('retry')}
            </button>
          </div>
        ) : (
          <ProfileFormSkeleton />
        )}
        {after}
      </div>
    </main>
  );
}
