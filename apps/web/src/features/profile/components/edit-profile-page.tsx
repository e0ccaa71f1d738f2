import { UserRoundPen } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { ListLoadError } from '@/components/members/list-load-error.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useCurrentUser } from '../hooks/use-profile.ts';
import { useProfileTranslation } from '../i18n.ts';
import { EditProfileForm } from './edit-profile-form.tsx';
import { ProfileFormSkeleton } from './profile-form-skeleton.tsx';

/**
 * /mon-profil (docs/spec.md §2 to 5): the member's profile as a form, with their photos, once it
 * has loaded. `after` comes below the form (the subscription, blocked members, the account): the page is first about
 * the profile, and a member sent here to complete it finds the note and the form at the top.
 */
export function EditProfilePage({ after }: { after?: ReactNode }) {
  const { t } = useProfileTranslation();
  useDocumentTitle(t('title'));
  const me = useCurrentUser();
  return (
    <main className="flex-1">
      <div className="mx-auto w-full max-w-5xl px-4 pb-12 pt-6 md:pt-10">
        <PageHeader
          icon={UserRoundPen}
          eyebrow={t('eyebrow')}
          title={t('title')}
          lead={t('lead')}
        />
        {me.data ? (
          <EditProfileForm user={me.data} />
        ) : me.isError ? (
          <ListLoadError
            message={t('loadError')}
            retry={t('common:actions.retry')}
            onRetry={() => void me.refetch()}
            className="mt-8 rounded-card border border-sand-200 bg-white px-6 py-10 shadow-card"
          />
        ) : (
          <ProfileFormSkeleton />
        )}
        {after}
      </div>
    </main>
  );
}
