import type { SignedInDevice } from '@mawadda/contract';
import { countryName } from '@mawadda/contract/places';
import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { AccountSection } from '@/components/account-section.tsx';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { DialogFrame } from '@/components/dialog-frame.tsx';
import { ListLoadError } from '@/components/members/list-load-error.tsx';
import { useFailureText } from '@/hooks/use-failure-text.ts';
import { formatDate, timeAgo } from '@/lib/format.ts';
import {
  useEndOtherDevices,
  useEndSignedInDevice,
  useSignedInDevices,
} from '../hooks/use-sessions.ts';
import { useSessionsTranslation } from '../i18n.ts';

/** What is being confirmed: signing one device out, or all the others. */
type Confirming = { kind: 'one'; device: SignedInDevice; label: string } | { kind: 'others' };

/** Under a minute and a half, the server's activity (a minute's resolution) reads as "now". */
const NOW_MS = 90_000;

/** "Chrome on Android", in the reader's language; the browser alone when the system is unknown. */
function useDeviceName() {
  const { t } = useSessionsTranslation();
  return (device: SignedInDevice) => {
    const browser = device.browser ?? t('devices.unknownBrowser');
    return device.os ? t('devices.device', { browser, os: device.os }) : browser;
  };
}

/**
 * The account settings' "Signed-in devices" (ADR 075): each device's browser and system, its
 * country, when it signed in and was last active, this one marked; any other can be signed out,
 * or all of them at once, each after a confirmation. What was done is announced.
 */
export function SignedInDevicesSection() {
  const { t, i18n } = useSessionsTranslation();
  const failureText = useFailureText();
  const devices = useSignedInDevices();
  const endOne = useEndSignedInDevice();
  const endOthers = useEndOtherDevices();
  const deviceName = useDeviceName();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const language = i18n.resolvedLanguage === 'fr' ? 'fr' : 'en';
  const failed = endOne.isError ? endOne.error : endOthers.isError ? endOthers.error : null;

  const confirm = () => {
    if (!confirming) return;
    setDone(null);
    if (confirming.kind === 'one') {
      const { device, label } = confirming;
      endOne.mutate(device.id, {
        onSuccess: () => setDone(t('devices.signedOutOne', { device: label })),
      });
    } else {
      endOthers.mutate(undefined, {
        onSuccess: ({ ended }) => setDone(t('devices.signedOutOthers', { count: ended })),
      });
    }
    setConfirming(null);
  };

  const others = devices.data?.filter((device) => !device.current) ?? [];

  return (
    <AccountSection
      id="signed-in-devices-title"
      icon={<MonitorSmartphone aria-hidden="true" className="size-5" />}
      title={t('devices.title')}
      lead={t('devices.lead')}
    >
      {devices.isPending ? (
        <p role="status" className="text-ink-muted">
          {t('common:actions.loading')}
        </p>
      ) : devices.isError ? (
        <ListLoadError
          message={t('devices.loadFailed')}
          retry={t('common:actions.retry')}
          onRetry={() => void devices.refetch()}
          className="py-4"
        />
      ) : (
        <div className="flex flex-col gap-3">
          <ul
            aria-label={t('devices.listLabel')}
            className="flex flex-col divide-y divide-sand-200"
          >
            {devices.data.map((device) => {
              const name = deviceName(device);
              const place = device.country ? countryName(device.country, language) : null;
              const label = place ? `${name} (${place})` : name;
              const recent = Date.now() - Date.parse(device.lastActiveAt) < NOW_MS;
              return (
                <li
                  key={device.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-3"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-ink">
                      {name}
                      {place ? <span className="text-ink-muted"> · {place}</span> : null}
                      {device.current ? (
                        <span className="ms-2 rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-800">
                          {t('devices.thisDevice')}
                        </span>
                      ) : null}
                    </p>
                    <p className="text-sm text-ink-muted">
                      {t('devices.signedInAt', {
                        date: formatDate(device.createdAt, language, { withTime: true }),
                      })}
                      {' · '}
                      {device.current || recent
                        ? t('devices.activeNow')
                        : t('devices.activeAt', {
                            when: timeAgo(
                              device.lastActiveAt,
                              Date.now(),
                              language,
                              t('devices.justNow'),
                            ),
                          })}
                    </p>
                  </div>
                  {device.current ? null : (
                    <Button
                      variant="secondary"
                      size="small"
                      aria-label={t('devices.signOutLabel', { device: label })}
                      busy={endOne.isPending && endOne.variables === device.id}
                      onClick={() => setConfirming({ kind: 'one', device, label })}
                    >
                      {t('devices.signOut')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {others.length > 0 ? (
            <Button
              variant="danger"
              className="w-fit"
              busy={endOthers.isPending}
              onClick={() => setConfirming({ kind: 'others' })}
            >
              {t('devices.signOutOthers')}
            </Button>
          ) : (
            <p className="text-sm text-ink-muted">{t('devices.onlyThisOne')}</p>
          )}
        </div>
      )}
      <div aria-live="polite" className="mt-3 flex flex-col gap-2">
        {done ? <Alert tone="success">{done}</Alert> : null}
        {failed ? <Alert tone="error">{failureText(failed, t('devices.failed'))}</Alert> : null}
      </div>
      <DialogFrame
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={
          confirming?.kind === 'one'
            ? t('devices.confirmOneTitle')
            : t('devices.confirmOthersTitle')
        }
        description={
          confirming?.kind === 'one'
            ? t('devices.confirmOneDescription', { device: confirming.label })
            : t('devices.confirmOthersDescription')
        }
        closeLabel={t('common:actions.close')}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            {t('common:actions.cancel')}
          </Button>
          <Button variant="danger" onClick={confirm}>
            {t('devices.confirm')}
          </Button>
        </div>
      </DialogFrame>
    </AccountSection>
  );
}
