import { Download } from 'lucide-react';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { buttonClass } from '@/components/button.tsx';
import { LogoMark } from '@/components/logo.tsx';
import { installPrompt } from './install-prompt-store.ts';

export function useInstallPromptVisible(): boolean {
  return useSyncExternalStore(installPrompt.subscribe, installPrompt.isVisible, () => false);
}

/**
 * "Install Mawadda" + Install + Not now: a calm card under the top bar, never a modal. It comes
 * with the next screen the member opens after the browser offered the install, never over the
 * one they are reading: inserted there, it pushed the page down under their finger (the browser
 * offers it once the service worker has started, after the first screen: ADR 055).
 */
export function InstallPrompt() {
  const { t } = useTranslation();
  const visible = useInstallPromptVisible();
  const { key } = useLocation();
  const [offeredOn, setOfferedOn] = useState<string | null>(null);
  useEffect(() => {
    if (visible && offeredOn === null) setOfferedOn(key);
  }, [visible, offeredOn, key]);
  const titleId = useId();
  if (!visible || offeredOn === null || offeredOn === key) return null;
  return (
    <aside
      aria-labelledby={titleId}
      className="mx-auto w-full max-w-6xl animate-rise px-3 pt-3 sm:px-4"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-card border border-teal-100 bg-white p-3 pl-4 shadow-card sm:flex-nowrap">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <LogoMark className="size-11 shrink-0" />
          <div className="min-w-0">
            <p id={titleId} className="font-semibold text-teal-900">
              {t('pwa.install.title')}
            </p>
            <p className="text-sm leading-snug text-ink-muted">{t('pwa.install.body')}</p>
          </div>
        </div>
        <div className="flex w-full shrink-0 justify-end gap-2 sm:w-auto">
          <button
            type="button"
            onClick={() => installPrompt.dismiss()}
            className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-teal-800 transition-colors hover:bg-teal-50"
          >
            {t('pwa.install.later')}
          </button>
          <button
            type="button"
            onClick={() => void installPrompt.install()}
            className={buttonClass({ size: 'small' })}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('pwa.install.action')}
          </button>
        </div>
      </div>
    </aside>
  );
}
