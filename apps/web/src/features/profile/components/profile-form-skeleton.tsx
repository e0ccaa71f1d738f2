import { useProfileTranslation } from '../i18n.ts';

/** The editor's shape while the profile loads; only its status is read out. */
export function ProfileFormSkeleton() {
  const { t } = useProfileTranslation();
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <div
        aria-hidden="true"
        className="rounded-card border border-sand-200 bg-white p-5 shadow-card"
      >
        <div className="h-6 w-24 animate-pulse rounded bg-sand-200" />
        <div className="mt-4 grid grid-cols-3 gap-3">
          {[0, 1, 2].map((tile) => (
            <div key={tile} className="aspect-[4/5] animate-pulse rounded-xl bg-sand-100" />
          ))}
        </div>
      </div>
      <div
        aria-hidden="true"
        className="space-y-4 rounded-card border border-sand-200 bg-white p-5 shadow-card"
      >
        <div className="h-6 w-32 animate-pulse rounded bg-sand-200" />
        <div className="h-11 w-full animate-pulse rounded-xl bg-sand-100" />
        <div className="h-11 w-1/3 animate-pulse rounded-xl bg-sand-100" />
        <div className="h-11 w-full animate-pulse rounded-xl bg-sand-100" />
      </div>
    </div>
  );
}
