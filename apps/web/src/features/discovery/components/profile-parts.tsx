import type { UserDetails, UserSummary } from '@mawadda/contract';
import { MapPin, ShieldAlert } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { useDiscoveryTranslation } from '../i18n.ts';
import { distanceLabel } from '../utils/distance.ts';
import { stayDates } from '../utils/stay-dates.ts';

/** "Online" in words beside the dot: never colour alone. */
export function OnlineBadge({ className = '' }: { className?: string }) {
  const { t } = useDiscoveryTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-700/15',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="size-2 rounded-full bg-emerald-500 ring-2 ring-emerald-500/25"
      />
      {t('common:memberCard.online')}
    </span>
  );
}

/** The distance in the member's language, or null when unknown. */
export function useDistanceText() {
  const { t, i18n } = useDiscoveryTranslation();
  return (km: number | null | undefined, form: 'short' | 'away' = 'short') => {
    const label = distanceLabel(km, i18n.resolvedLanguage ?? i18n.language ?? 'en');
    if (!label) return null;
    if (label.kind === 'near') return t('distance.near');
    return t(form === 'away' ? 'distance.away' : 'distance.km', { distance: label.distance });
  };
}

/** "Abidjan, Côte d'Ivoire · 12 km" with a pin; the place truncates before the distance does. */
export function LocationLine({
  member,
  showDistance = true,
  className = '',
}: {
  member: Pick<UserSummary, 'location' | 'distanceKm'>;
  /** Cards show the distance on the photo instead. */
  showDistance?: boolean;
  className?: string;
}) {
  const text = useDistanceText();
  const distance = showDistance ? text(member.distanceKm) : null;
  if (!member.location && !distance) return null;
  return (
    <p className={cn('flex min-w-0 items-center gap-1 text-sm text-ink-muted', className)}>
      <MapPin aria-hidden="true" className="size-4 shrink-0 text-teal-700" />
      {member.location ? <span className="truncate">{member.location}</span> : null}
      {member.location && distance ? (
        <span aria-hidden="true" className="shrink-0">
          ·
        </span>
      ) : null}
      {distance ? <span className="shrink-0 whitespace-nowrap">{distance}</span> : null}
    </p>
  );
}

/** Where and when a visitor will be (ADR 077): "In Dakar Aug 1 – 20", "À Dakar 1–20 août". */
export function StayLine({
  member,
  className = '',
}: {
  member: Pick<UserSummary, 'stay'>;
  className?: string;
}) {
  const { t, i18n } = useDiscoveryTranslation();
  if (!member.stay) return null;
  return (
    <p className={cn('text-sm font-medium text-teal-800', className)}>
      {t('card.stay', { town: member.stay.town, dates: stayDates(member.stay, i18n.language) })}
    </p>
  );
}

type Facts = Partial<Pick<UserDetails, 'maritalStatus' | 'hasChildren' | 'skinTone'>> &
  Pick<UserSummary, 'gender'>;

/**
 * The profile's facts as a description list: gender, marital status, children, and skin tone
 * where the screen shows it (the profile page; docs/spec.md §2). Name, age and location head the
 * profile above it.
 */
export function ProfileFacts({
  member,
  showSkinTone = false,
  loading = false,
}: {
  member: Facts;
  showSkinTone?: boolean;
  loading?: boolean;
}) {
  const { t } = useDiscoveryTranslation();
  const context = member.gender ?? undefined;
  const rows: { key: string; label: string; value: string | null | undefined }[] = [
    {
      key: 'gender',
      label: t('common:member.fields.gender'),
      value: member.gender ? t(`common:member.gender.${member.gender}`) : null,
    },
    {
      key: 'maritalStatus',
      label: t('common:member.fields.maritalStatus'),
      value: member.maritalStatus
        ? t(`common:member.maritalStatus.${member.maritalStatus}`, { context })
        : loading
          ? undefined
          : null,
    },
    {
      key: 'hasChildren',
      label: t('common:member.fields.hasChildren'),
      value: member.hasChildren
        ? t(`values.hasChildren.${member.hasChildren}`)
        : loading
          ? undefined
          : null,
    },
  ];
  if (showSkinTone) {
    rows.push({
      key: 'skinTone',
      label: t('facts.skinTone'),
      value: member.skinTone
        ? t(`common:member.skinTone.${member.skinTone}`)
        : loading
          ? undefined
          : null,
    });
  }
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-4">
      {rows.map((row) => (
        <div key={row.key}>
          <dt className="text-xs font-semibold uppercase tracking-[0.08em] text-ink-muted">
            {row.label}
          </dt>
          <dd className="mt-0.5 font-medium text-ink">
            {row.value === undefined ? (
              <span
                aria-hidden="true"
                className="block h-5 w-24 animate-pulse rounded bg-sand-200"
              />
            ) : (
              (row.value ?? (
                <span className="font-normal text-ink-muted">{t('facts.notGiven')}</span>
              ))
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The bio, paragraphs kept (members write them in two languages, a blank line apart). */
export function Bio({
  name,
  bio,
  headingLevel = 3,
}: {
  name: string;
  bio: string | null | undefined;
  headingLevel?: 2 | 3;
}) {
  const { t } = useDiscoveryTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section>
      <Heading className="font-display text-lg font-semibold text-teal-900">
        {t('facts.bio')}
      </Heading>
      {bio?.trim() ? (
        <p className="mt-2 whitespace-pre-line leading-relaxed text-ink">{bio.trim()}</p>
      ) : (
        <p className="mt-2 text-ink-muted">{t('facts.noBio', { name })}</p>
      )}
    </section>
  );
}

/**
 * The scam shield's warning on a profile whose own texts set it off (ADR 043): calm, the same
 * words whatever set it off, as under a message; the member is not told.
 */
export function ProfileShieldNote({
  name,
  shield,
}: {
  name: string;
  shield: UserDetails['shield'];
}) {
  const { t } = useDiscoveryTranslation();
  if (shield.length === 0) return null;
  return (
    <p
      role="note"
      data-testid="profile-shield-note"
      className="flex items-start gap-2 rounded-2xl border border-amber-100 bg-amber-50 px-4 py-3 text-sm leading-relaxed text-ink"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      {t('facts.shield', { name })}
    </p>
  );
}
