import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { updateStore } from './update-store.ts';

/** "A new version is ready" + Later + Refresh. Loaded only when an update is waiting. */
export function UpdateCard() {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-auto flex w-full max-w-md animate-rise items-center gap-3 rounded-2xl bg-teal-900 py-2 pl-4 pr-2 text-sm text-white shadow-card">
      <RefreshCw aria-hidden="true" className="size-4 shrink-0 text-teal-100" />
      <p className="flex-1">{t('pwa.update.body')}</p>
      <button
        type="button"
        onClick={() => updateStore.dismiss()}
        className="min-h-11 rounded-full px-3 font-semibold text-teal-100 hover:bg-white/10"
      >
        {t('pwa.update.later')}
      </button>
      <button
        type="button"
        onClick={() => updateStore.apply()}
        className="min-h-11 rounded-full bg-white px-4 font-semibold text-teal-900 hover:bg-teal-50"
      >
        {t('pwa.update.action')}
      </button>
    </div>
  );
}
