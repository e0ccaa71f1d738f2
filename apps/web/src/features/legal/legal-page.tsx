import { PRIVACY_VERSION } from '@mawadda/contract/constants';
import { ArrowLeft, CalendarDays } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { returnPathOf, useReturnState } from '@/components/layouts/return-to.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { useSession } from '@/lib/session.ts';
import {
  frenchSpacing,
  type LegalBlock,
  type LegalDocument,
  type LegalSection,
  splitLinks,
  useLegalTranslation,
} from './legal-texts.ts';

const PRIVACY_EMAIL = 'privacy@mawadda.app';
/**
 * "Account: your e-mail…": a short capitalised lead before the first colon is set in bold, for
 * scanning. Items written as a clause ("you are at least 18…") stay as they are.
 */
const LIST_LEAD = /^(\p{Lu}[^:;.]{1,79}?)(?= ?:)/u;

function RichText({ text, french }: { text: string; french: boolean }) {
  const localized = useLocalizedPath();
  const returnState = useReturnState();
  const parts = splitLinks(french ? frenchSpacing(text) : text);
  const linkClass = 'font-semibold text-teal-800 underline underline-offset-[3px]';
  return (
    <>
      {parts.map((part) =>
        part.link === 'email' ? (
          <a key={part.start} href={`mailto:${part.text}`} className={linkClass}>
            {part.text}
          </a>
        ) : part.link === 'path' ? (
          <Link
            key={part.start}
            to={localized(part.text)}
            state={returnState}
            className={linkClass}
          >
            {part.text}
          </Link>
        ) : (
          <Fragment key={part.start}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

function Block({ block, french }: { block: LegalBlock; french: boolean }) {
  if (typeof block === 'string') {
    return (
      <p>
        <RichText text={block} french={french} />
      </p>
    );
  }
  return (
    <ul>
      {block.list.map((item) => {
        const lead = LIST_LEAD.exec(item);
        return (
          <li key={item}>
            {lead ? (
              <>
                <strong className="font-semibold text-teal-900">{lead[1]}</strong>
                <RichText text={item.slice(lead[1]?.length ?? 0)} french={french} />
              </>
            ) : (
              <RichText text={item} french={french} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function BackLink({ children, to }: { children: ReactNode; to: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-2 rounded-full pr-3 font-semibold text-teal-800 underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

/**
 * Where the return link goes. A visitor reads the terms while registering: back to /register
 * (docs/spec.md §2). A member has no registration to return to: back to the page the link was
 * followed from, or to the suggestions when the page was opened directly.
 */
function useBackLink(): { to: string; label: string } {
  const { t } = useLegalTranslation();
  const localized = useLocalizedPath();
  const { state } = useLocation();
  const member = useSession() !== null;
  if (!member) return { to: localized('/register'), label: t('page.back') };
  const from = returnPathOf(state);
  return from
    ? { to: from, label: t('page.backToPrevious') }
    : { to: localized('/suggestions'), label: t('common:actions.backToSuggestions') };
}

/**
 * /terms and /privacy (docs/spec.md §2): a static bilingual text with a return link (see
 * `useBackLink`). One `h1`, an `h2` per section, a measure of about 68 characters, and an index
 * of the sections beside the text on wide screens.
 */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t, i18n } = useLegalTranslation();
  const localized = useLocalizedPath();
  const back = useBackLink();
  const returnState = useReturnState();
  const french = i18n.resolvedLanguage === 'fr';
  const title = t(`${document}.title`);
  const sections = t(`${document}.sections`, { returnObjects: true }) as unknown as LegalSection[];
  const other: LegalDocument = document === 'terms' ? 'privacy' : 'terms';
  useDocumentTitle(title);

  return (
    <main className="flex-1">
      <div className="border-b border-sand-200 bg-gradient-to-b from-sand-100 to-sand-50">
        <div className="mx-auto max-w-6xl px-4 pb-10 pt-6 md:pb-14 md:pt-10">
          <BackLink to={back.to}>{back.label}</BackLink>
          <p className="mt-6 text-sm font-semibold uppercase tracking-[0.14em] text-rose-700">
            {t('page.eyebrow')}
          </p>
          <h1 className="mt-2 font-display text-4xl font-semibold leading-tight text-teal-900 md:text-5xl">
            {title}
          </h1>
          <p className="mt-4 max-w-[62ch] text-lg leading-relaxed text-ink-muted">
            <RichText text={t(`${document}.lead`)} french={french} />
          </p>
          <div className="mt-5 flex flex-wrap gap-2 text-sm text-ink-muted">
            <p className="inline-flex items-center gap-2 rounded-full border border-sand-300 bg-white/70 px-3 py-1">
              <CalendarDays aria-hidden="true" className="size-4 text-teal-700" />
              {t('page.updated', { date: t(`${document}.updatedOn`) })}
            </p>
            {document === 'privacy' ? (
              // The version the consent to data revealing religion is given to (ADR 021).
              <p className="inline-flex items-center rounded-full border border-sand-300 bg-white/70 px-3 py-1">
                {t('page.version', { version: PRIVACY_VERSION })}
              </p>
            ) : null}
          </div>
        </div>
      </div>

      <div className="mx-auto max-w-6xl px-4 py-8 md:py-12 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-14">
        <nav aria-label={t('page.toc')} className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-sm font-semibold uppercase tracking-[0.12em] text-ink-muted">
              {t('page.toc')}
            </p>
            <ol className="mt-3 space-y-0.5 border-l border-sand-300">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l-2 border-transparent py-1.5 pl-4 text-sm leading-snug text-ink-muted transition-colors hover:border-teal-600 hover:text-teal-900"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <div>
          <article className="prose-legal [&>section:first-child>h2]:mt-0">
            {sections.map((section) => (
              <section key={section.id} id={section.id} className="scroll-mt-24">
                <h2>{section.title}</h2>
                {section.blocks.map((block) => (
                  <Block
                    key={typeof block === 'string' ? block : block.list.join('\n')}
                    block={block}
                    french={french}
                  />
                ))}
              </section>
            ))}
          </article>

          <div className="mt-12 max-w-[68ch] rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-6">
            <p className="text-ink-muted">
              <RichText text={t('page.questions', { email: PRIVACY_EMAIL })} french={french} />
            </p>
            <div className="mt-3 flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
              <BackLink to={back.to}>{back.label}</BackLink>
              <Link
                to={localized(`/${other}`)}
                state={returnState}
                className="inline-flex min-h-11 items-center font-semibold text-teal-800 underline underline-offset-4"
              >
                {t(other === 'privacy' ? 'page.readPrivacy' : 'page.readTerms')}
              </Link>
            </div>
          </div>
        </div>
      </div>
    </main>
  );
}
