import { useId } from 'react';
import { useRecipients } from '../hooks/use-payments.ts';
import { usePaymentsTranslation } from '../i18n.ts';

/**
 * Whom the gift goes to, among the member's contacts (docs/spec.md §2: a recipient is chosen when
 * none is given). A member named by the address (`?receiverId=`) but not among the contacts (a
 * suggestion) stays choosable, as "the member you chose".
 */
export function RecipientPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = usePaymentsTranslation();
  const id = useId();
  const contacts = useRecipients(true);
  const list = contacts.data ?? [];
  const known = list.find((c) => c.id === value);
  const empty = !contacts.isPending && list.length === 0 && !value;

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold text-ink">
        {t('recipient.label')}
      </label>
      <select
        id={id}
        value={value}
        aria-describedby={contacts.isError || empty ? `${id}-note` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 w-full max-w-sm rounded-xl border border-sand-300 bg-white px-3 text-ink"
      >
        <option value="">{t('recipient.choose')}</option>
        {value && !known ? <option value={value}>{t('recipient.chosen')}</option> : null}
        {list.map((contact) => (
          <option key={contact.id} value={contact.id}>
            {contact.name}
          </option>
        ))}
      </select>
      {contacts.isError ? (
        <p id={`${id}-note`} className="text-sm text-danger">
          {t('recipient.loadError')}
        </p>
      ) : empty ? (
        <p id={`${id}-note`} className="text-sm text-ink-muted">
          {t('recipient.none')}
        </p>
      ) : null}
    </div>
  );
}
