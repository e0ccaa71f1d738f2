import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useProfileTranslation } from '../i18n.ts';
import type { ProfileEssential } from '../utils/profile-form.ts';

/**
 * For a member brought here after login because the profile lacks a bio, gender or photo (spec
 * section 4; a Google account starts that way): what is missing, and why they are here.
 */
export function IncompleteNote({ missing }: { missing: readonly ProfileEssential[] }) {
  const { t, i18n } = useProfileTranslation();
  const titleId = useId();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const items = new Intl.ListFormat(language, { type: 'conjunction' }).format(
    missing.map((item) => t(`incomplete.items.${item}`)),
  );
  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 flex gap-3 rounded-card border border-amber-ink/15 bg-amber-note px-4 py-4 sm:gap-4 sm:px-5"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/80 text-amber-ink">
        <Sparkles aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <h2 id={titleId} className="font-display text-xl font-semibold text-amber-ink">
          {t('incomplete.title')}
        </h2>
        <p className="mt-1 leading-relaxed text-amber-ink">
          {missing.length > 0 ? t('incomplete.body', { items }) : t('incomplete.generic')}
        </p>
      </div>
    </section>
  );
}
