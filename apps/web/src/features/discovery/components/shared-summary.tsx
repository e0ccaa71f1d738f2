import type { SharedItem } from '@mawadda/contract';
import { useId } from 'react';
import { useFaithFamilyText } from '@/lib/faith-family-text.ts';
import { useDiscoveryTranslation } from '../i18n.ts';

/**
 * "You share: …" (ADR 041): what the server found the reader and this member answered alike, or
 * a profile prompt both answer (ADR 072), at most four items, worded in the reader's language. The server picks them (it alone knows what
 * the member keeps to matches), so the app only words them; nothing shows when there is none.
 */
export function SharedSummary({
  shared,
  headingLevel = 3,
}: {
  shared: SharedItem[];
  headingLevel?: 2 | 3;
}) {
  const { t } = useDiscoveryTranslation();
  const text = useFaithFamilyText();
  const headingId = useId();
  if (shared.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const phrase = (item: SharedItem): string => {
    switch (item.kind) {
      case 'languages':
        return t('shared.answer', {
          field: text.field('languages'),
          value: item.languages.map(text.spoken).join(', '),
        });
      case 'madhhab':
      case 'community':
      case 'relocation':
        return t('shared.answer', {
          field: text.field(item.kind),
          value: text.choice(item.kind, item.value as never),
        });
      case 'origin':
        return t('shared.answer', {
          field: text.field('origin'),
          value: text.country(item.country),
        });
      case 'childrenWanted':
        return t('shared.childrenWanted');
      case 'marriageTimeline':
        return t('shared.withinAYear');
      case 'prompt':
        return t('shared.prompt', { prompt: t(`common:profilePrompts.${item.prompt}`) });
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-card bg-teal-50 p-4">
      <Heading id={headingId} className="text-sm font-semibold text-teal-900">
        {t('shared.title')}
      </Heading>
      <ul className="mt-2 flex flex-wrap gap-2">
        {shared.map((item) => (
          <li
            key={item.kind === 'prompt' ? `prompt:${item.prompt}` : item.kind}
            className="rounded-full border border-teal-200 bg-white px-3 py-1 text-sm text-ink"
          >
            {phrase(item)}
          </li>
        ))}
      </ul>
    </section>
  );
}
