import type { NotificationSettings } from '@mawadda/contract';
import { Bell } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { AccountSection } from '@/components/account-section.tsx';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { ListLoadError } from '@/components/members/list-load-error.tsx';
import { useFailureText } from '@/hooks/use-failure-text.ts';
import { usePushDevice } from '../hooks/use-push-device.ts';
import {
  useNotificationSettings,
  useSaveNotificationSettings,
  useTestNotification,
} from '../hooks/use-push-settings.ts';
import { useNotificationsTranslation } from '../i18n.ts';
import { HomeScreenSheet } from './home-screen-sheet.tsx';
import { SettingSwitch } from './setting-switch.tsx';

const TYPES = ['messages', 'matches', 'likes', 'calls', 'gifts'] as const;
/** Quiet hours when first turned on: the night. */
const NIGHT = { start: '22:00', end: '07:00' };

/** This device's time zone; the server's default (`UTC`) means the member never chose one. */
function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf?.('timeZone') ?? [];
  return known.includes(current) ? known : [current, ...known];
}

/** This device: on or off here, or why it cannot be, and how to change that. */
function DeviceSwitch() {
  const { t } = useNotificationsTranslation();
  const device = usePushDevice();
  const [sheet, setSheet] = useState(false);
  if (device.support === 'home-screen') {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-ink">{t('settings.homeScreen')}</p>
        <Button variant="secondary" className="w-fit" onClick={() => setSheet(true)}>
          {t('settings.howTo')}
        </Button>
        <HomeScreenSheet open={sheet} onClose={() => setSheet(false)} />
      </div>
    );
  }
  if (device.support === 'none') return <Alert tone="info">{t('settings.unsupported')}</Alert>;
  return (
    <div className="flex flex-col gap-2">
      <SettingSwitch
        label={t('settings.device')}
        hint={t('settings.deviceHint')}
        checked={device.subscribed === true}
        disabled={device.permission === 'denied' || device.busy || device.subscribed === null}
        aria-busy={device.busy || undefined}
        onChange={(event) => void device.turn(event.target.checked)}
      />
      {device.permission === 'denied' ? <Alert tone="info">{t('settings.denied')}</Alert> : null}
      {device.failed ? <Alert tone="error">{t('settings.deviceFailed')}</Alert> : null}
    </div>
  );
}

/** The settings, edited here and sent whole. */
function SettingsForm({ saved }: { saved: NotificationSettings }) {
  const { t } = useNotificationsTranslation();
  const failureText = useFailureText();
  const save = useSaveNotificationSettings();
  const test = useTestNotification();
  const [settings, setSettings] = useState<NotificationSettings>(() => ({
    ...saved,
    timeZone: saved.timeZone === 'UTC' ? deviceTimeZone() : saved.timeZone,
  }));
  const zones = useMemo(() => timeZones(settings.timeZone), [settings.timeZone]);
  const change = (next: Partial<NotificationSettings>) => {
    save.reset();
    setSettings((previous) => ({ ...previous, ...next }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(settings);
  };
  const quiet = settings.quietHours;

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <fieldset className="flex flex-col">
        <legend className="mb-1 font-semibold text-teal-900">{t('settings.types')}</legend>
        {TYPES.map((type) => (
          <SettingSwitch
            key={type}
            label={t(`settings.${type}`)}
            checked={settings[type]}
            onChange={(event) => change({ [type]: event.target.checked })}
          />
        ))}
      </fieldset>
      <SettingSwitch
        label={t('settings.showMessageText')}
        hint={t('settings.showMessageTextHint')}
        checked={settings.showMessageText}
        onChange={(event) => change({ showMessageText: event.target.checked })}
      />
      {/* min-w-0: a fieldset is as wide as its widest content by default, here the longest
          time zone's name, wider than a 360 px phone's card. */}
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="sr-only">{t('settings.quietHours')}</legend>
        <SettingSwitch
          label={t('settings.quietHours')}
          hint={t('settings.quietHoursHint')}
          checked={quiet !== null}
          onChange={(event) => change({ quietHours: event.target.checked ? NIGHT : null })}
        />
        {quiet ? (
          <div className="flex flex-wrap gap-4">
            {(['start', 'end'] as const).map((end) => (
              <label key={end} className="flex flex-col gap-1 text-sm text-ink">
                {t(end === 'start' ? 'settings.quietFrom' : 'settings.quietTo')}
                <input
                  type="time"
                  required
                  value={quiet[end]}
                  onChange={(event) =>
                    change({ quietHours: { ...quiet, [end]: event.target.value } })
                  }
                  className="min-h-11 rounded-lg border border-sand-300 bg-white px-3 text-base"
                />
              </label>
            ))}
          </div>
        ) : null}
        <label className="flex flex-col gap-1 text-sm text-ink">
          {t('settings.timeZone')}
          <select
            value={settings.timeZone}
            onChange={(event) => change({ timeZone: event.target.value })}
            className="min-h-11 w-full min-w-0 rounded-lg border border-sand-300 bg-white px-3 text-base"
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <SettingSwitch
        label={t('settings.emailDigest')}
        hint={t('settings.emailDigestHint')}
        checked={settings.emailDigest}
        onChange={(event) => change({ emailDigest: event.target.checked })}
      />
      <div aria-live="polite" className="flex flex-col gap-2">
        {save.isSuccess ? <Alert tone="success">{t('settings.saved')}</Alert> : null}
        {save.isError ? (
          <Alert tone="error">{failureText(save.error, t('settings.saveFailed'))}</Alert>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.isPending}>
          {t('settings.save')}
        </Button>
        <Button variant="secondary" busy={test.isPending} onClick={() => test.mutate()}>
          {t('settings.test')}
        </Button>
      </div>
      <div aria-live="polite">
        {test.isSuccess ? (
          <Alert tone={test.data.devices > 0 ? 'success' : 'info'}>
            {test.data.devices > 0
              ? t('settings.testSent', { count: test.data.devices })
              : t('settings.testNone')}
          </Alert>
        ) : null}
        {test.isError ? (
          <Alert tone="error">{failureText(test.error, t('settings.testFailed'))}</Alert>
        ) : null}
      </div>
    </form>
  );
}

/**
 * /mon-profil's "Notifications" (ADR 040): this device on or off (or how to allow it again once
 * refused, or the Home Screen on an iPhone), what the member is told of, whether a message's text
 * may show on the lock screen, quiet hours in their time zone, the e-mail digest, and a test.
 */
export function NotificationsSection() {
  const { t } = useNotificationsTranslation();
  const settings = useNotificationSettings();
  return (
    <AccountSection
      id="notifications-title"
      icon={<Bell aria-hidden="true" className="size-5" />}
      title={t('settings.title')}
      lead={t('settings.lead')}
    >
      <div className="flex flex-col gap-4">
        <DeviceSwitch />
        {settings.isPending ? (
          <p role="status" className="text-ink-muted">
            {t('common:actions.loading')}
          </p>
        ) : settings.isError ? (
          <ListLoadError
            message={t('settings.loadFailed')}
            retry={t('common:actions.retry')}
            onRetry={() => void settings.refetch()}
            className="py-4"
          />
        ) : (
          <SettingsForm saved={settings.data} />
        )}
      </div>
    </AccountSection>
  );
}
