import type { ReceivedCompliment as Compliment } from '@mawadda/contract';
import { ShieldAlert } from 'lucide-react';
import { useFaithFamilyText } from '@/lib/faith-family-text.ts';
import { useLikesTranslation } from '../i18n.ts';

/**
 * The compliment a like came with (ADR 071), under its entry in who liked me: the note, and what
 * it is about (her own photo's thumbnail, the answer's question, or the prompt in her language
 * with her answer as it reads now, or that she has removed it); the scam shield's calm
 * warning when the note set it off (ADR 043). It opens no conversation: the entry's "Like back"
 * answers it.
 */
export function ReceivedCompliment({ compliment, name }: { compliment: Compliment; name: string }) {
  const { t } = useLikesTranslation();
  const text = useFaithFamilyText();
  const { about } = compliment;
  const aboutText = (() => {
    switch (about.kind) {
      case 'photo':
        return t(about.thumbnailUrl ? 'received.aboutPhoto' : 'received.aboutPhotoRemoved');
      case 'prompt':
        return t(about.answer === null ? 'received.aboutPromptRemoved' : 'received.aboutPrompt', {
          prompt: t(`common:profilePrompts.${about.prompt}`),
        });
      case 'answer':
        return about.key === 'bio'
          ? t('received.aboutBio')
          : t('received.aboutAnswer', { question: text.field(about.key) });
    }
  })();
  return (
    <figure
      aria-label={t('received.label', { name })}
      className="ml-[4.25rem] mr-2 mb-2 flex basis-full flex-col gap-2 rounded-2xl bg-rose-50/80 px-3 py-2.5"
    >
      <figcaption className="flex items-center gap-2 text-xs font-semibold text-rose-800">
        {about.kind === 'photo' && about.thumbnailUrl ? (
          <img
            src={about.thumbnailUrl}
            alt=""
            className="size-9 shrink-0 rounded-lg object-cover ring-1 ring-rose-200"
          />
        ) : null}
        {aboutText}
      </figcaption>
      {about.kind === 'prompt' && about.answer !== null ? (
        <p className="line-clamp-3 whitespace-pre-line break-words border-l-2 border-rose-200 pl-2 text-xs leading-relaxed text-ink-muted">
          <span className="sr-only">{t('received.yourAnswer')} </span>
          {about.answer}
        </p>
      ) : null}
      <blockquote className="whitespace-pre-line break-words text-sm leading-relaxed text-ink">
        {compliment.note}
      </blockquote>
      {compliment.shield.length > 0 ? (
        <p
          role="note"
          className="flex items-start gap-2 rounded-xl border border-amber-100 bg-amber-50 px-3 py-2 text-xs leading-relaxed text-ink"
        >
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
          {t('received.shield')}
        </p>
      ) : null}
    </figure>
  );
}
