import type { Passkey } from '@mawadda/contract';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { AccountSection } from '@/components/account-section.tsx';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { ListLoadError } from '@/components/members/list-load-error.tsx';
import { TextField } from '@/components/text-field.tsx';
import { useFailureText } from '@/hooks/use-failure-text.ts';
import { formatDate } from '@/lib/format.ts';
import { deviceLabel, isPasskeyCancel, supportsPasskeys } from '@/lib/webauthn.ts';
import { usePasskeyActions, usePasskeys } from '../hooks/use-passkeys.ts';
import { useAccountTranslation } from '../i18n.ts';

/** One passkey: its name, where it lives, when it was added and last used, and its removal. */
function PasskeyItem({
  passkey,
  onRemove,
  removing,
}: {
  passkey: Passkey;
  onRemove: () => void;
  removing: boolean;
}) {
  const { t, i18n } = useAccountTranslation();
  const [confirming, setConfirming] = useState(false);
  const added = formatDate(passkey.createdAt, i18n.language);
  const used = passkey.lastUsedAt ? formatDate(passkey.lastUsedAt, i18n.language) : undefined;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-sand-200 p-3">
      <p className="font-semibold text-ink">{passkey.name}</p>
      <p className="text-sm text-ink-muted">
        {t(passkey.deviceType === 'multiDevice' ? 'passkeys.synced' : 'passkeys.oneDevice')} ·{' '}
        {t('passkeys.added', { date: added })} ·{' '}
        {used ? t('passkeys.lastUsed', { date: used }) : t('passkeys.neverUsed')}
      </p>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-ink">
            {t('passkeys.removeQuestion', { name: passkey.name })}
          </span>
          <Button type="button" variant="danger" size="small" busy={removing} onClick={onRemove}>
            {t('passkeys.removeConfirm')}
          </Button>
          <Button type="button" variant="ghost" size="small" onClick={() => setConfirming(false)}>
            {t('passkeys.cancel')}
          </Button>
        </div>
      ) : (
        <Button
          type="button"
          variant="secondary"
          size="small"
          className="w-fit"
          aria-label={t('passkeys.removeNamed', { name: passkey.name })}
          onClick={() => setConfirming(true)}
        >
          {t('passkeys.remove')}
        </Button>
      )}
    </li>
  );
}

/**
 * /mon-profil's passkeys (ADR 073): the member's list (name, synced or on one device, added,
 * last used), adding one from this browser under a name, removing one (asked twice), and the
 * password turned off once a passkey is there (a passkey proved first) or back on by a reset.
 */
export function PasskeysSection() {
  const { t } = useAccountTranslation();
  const failureText = useFailureText();
  const localized = useLocalizedPath();
  const list = usePasskeys();
  const { add, remove, passwordOff } = usePasskeyActions();
  const [name, setName] = useState(() => deviceLabel());
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState<'added' | 'removed' | 'passwordOff' | null>(null);

  const run = <T,>(action: Promise<T>, then: typeof done) => {
    setFailure(null);
    setDone(null);
    action.then(
      () => setDone(then),
      (error: unknown) => {
        if (!isPasskeyCancel(error)) setFailure(error);
      },
    );
  };
  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run(add.mutateAsync(name.trim() || t('passkeys.defaultName')), 'added');
  };

  const passkeys = list.data?.passkeys ?? [];
  return (
    <AccountSection
      id="passkeys-title"
      icon={<KeyRound aria-hidden="true" className="size-5" />}
      title={t('passkeys.title')}
      lead={t('passkeys.lead')}
    >
      {list.isPending ? (
        <p role="status" className="text-ink-muted">
          {t('common:actions.loading')}
        </p>
      ) : list.isError ? (
        <ListLoadError
          message={t('passkeys.loadFailed')}
          retry={t('common:actions.retry')}
          onRetry={() => void list.refetch()}
          className="py-4"
        />
      ) : (
        <div className="flex flex-col gap-4">
          <div aria-live="polite" className="flex flex-col gap-2">
            {failure ? (
              <Alert tone="error">{failureText(failure, t('passkeys.failed'))}</Alert>
            ) : null}
            {done ? <Alert tone="success">{t(`passkeys.done.${done}`)}</Alert> : null}
          </div>
          {passkeys.length === 0 ? (
            <p className="text-ink-muted">{t('passkeys.none')}</p>
          ) : (
            <ul aria-label={t('passkeys.listLabel')} className="flex flex-col gap-2">
              {passkeys.map((passkey) => (
                <PasskeyItem
                  key={passkey.id}
                  passkey={passkey}
                  removing={remove.isPending && remove.variables === passkey.id}
                  onRemove={() => run(remove.mutateAsync(passkey.id), 'removed')}
                />
              ))}
            </ul>
          )}
          {supportsPasskeys() ? (
            <form onSubmit={onAdd} className="flex flex-col gap-3">
              <TextField
                name="passkeyName"
                label={t('passkeys.nameLabel')}
                hint={t('passkeys.nameHint')}
                value={name}
                maxLength={60}
                onChange={(event) => setName(event.target.value)}
              />
              <Button type="submit" className="w-fit" busy={add.isPending}>
                {t('passkeys.add')}
              </Button>
            </form>
          ) : (
            <p className="text-ink-muted">{t('passkeys.unsupported')}</p>
          )}
          <div className="border-t border-sand-200 pt-3">
            {list.data?.passwordSignIn ? (
              passkeys.length > 0 ? (
                <div className="flex flex-col gap-2">
                  <p className="text-sm text-ink-muted">{t('passkeys.passwordOn')}</p>
                  <Button
                    type="button"
                    variant="secondary"
                    className="w-fit"
                    busy={passwordOff.isPending}
                    onClick={() => run(passwordOff.mutateAsync(), 'passwordOff')}
                  >
                    {t('passkeys.turnPasswordOff')}
                  </Button>
                </div>
              ) : null
            ) : (
              <p className="text-sm text-ink-muted">
                {t('passkeys.passwordOff')}{' '}
                <Link
                  to={localized('/forget')}
                  className="font-semibold text-teal-700 underline-offset-4 hover:underline"
                >
                  {t('passkeys.passwordBack')}
                </Link>
              </p>
            )}
          </div>
        </div>
      )}
    </AccountSection>
  );
}
