import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { i18n, type Language } from '@/i18n/i18n.ts';
import { cn } from '@/lib/cn.ts';
import { pathInLanguage } from './layouts/paths.ts';

const OPTIONS: { language: Language; short: string; name: string }[] = [
  { language: 'en', short: 'EN', name: 'English' },
  { language: 'fr', short: 'FR', name: 'Français' },
];

/**
 * "EN | FR": two pressed-state buttons in a labelled group. Each language's name is written in
 * that language (and marked with `lang`), so a visitor who cannot read the current one still
 * finds theirs. Nothing is stored (docs/spec.md §1): the address takes the /en or /fr prefix, so
 * a reload keeps the choice and every link of the shell keeps it too.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const current = (i18n.resolvedLanguage ?? 'en') as Language;

  function choose(language: Language) {
    if (language === current) return;
    void i18n.changeLanguage(language);
    const path = pathInLanguage(location.pathname, language);
    void navigate(`${path}${location.search}${location.hash}`, { replace: true });
  }

  return (
    <fieldset
      aria-label={t('language.label')}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border border-sand-300 bg-white p-0.5',
        className,
      )}
    >
      {OPTIONS.map(({ language, short, name }) => {
        const active = language === current;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={active}
            onClick={() => choose(language)}
            className={cn(
              'min-h-11 min-w-11 rounded-full px-2.5 text-sm font-semibold tracking-wide transition-colors',
              active
                ? 'bg-teal-700 text-white'
                : 'text-ink-muted hover:bg-sand-100 hover:text-teal-900',
            )}
          >
            {short}
            <span className="sr-only"> – {name}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
