import { useTranslation } from 'react-i18next';

/** The dialog's body while its content loads. */
export function LikedYouLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 items-center justify-center px-6 py-10">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-teal-700 border-t-transparent"
      />
      <span role="status" className="sr-only">
        {t('likedYou.loading')}
      </span>
    </div>
  );
}
