import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/button.tsx';
import { DialogFrame } from '@/components/dialog-frame.tsx';
import { useNotificationsTranslation } from '../i18n.ts';
import {
  enablePush,
  notificationPermission,
  pushChoices,
  pushSupport,
} from '../utils/push-device.ts';
import { HomeScreenSheet } from './home-screen-sheet.tsx';

type Offer = 'explain' | 'home-screen' | null;

/** What to offer this device: the explanation, the Home Screen sheet, or nothing. */
async function offerFor(): Promise<Offer> {
  if (pushChoices.declined()) return null;
  const support = pushSupport();
  if (support === 'home-screen') return 'home-screen';
  return support === 'push' && (await notificationPermission()) === 'default' ? 'explain' : null;
}

/**
 * The question, asked once the member has something to be told of (their first match or message,
 * app/push-moment.ts), never on a first load: why, what a lock screen shows, that it can be
 * changed; the browser's own prompt only comes from the tap on "Turn on". "Not now", closing it,
 * or the browser's refusal are remembered on this device, and it is not asked again (the
 * settings say how to turn notifications on). On an iPhone's Safari, the Home Screen sheet instead.
 */
export function PushPrompt() {
  const { t } = useNotificationsTranslation();
  const [offer, setOffer] = useState<Offer>(null);
  useEffect(() => {
    let live = true;
    void offerFor().then((found) => live && setOffer(found));
    return () => {
      live = false;
    };
  }, []);
  const [busy, setBusy] = useState(false);
  const notNow = () => {
    pushChoices.decline();
    setOffer(null);
  };
  const turnOn = async () => {
    setBusy(true);
    try {
      await enablePush();
    } catch (error) {
      console.warn('[push] notifications could not be turned on', error);
    } finally {
      setBusy(false);
      setOffer(null);
    }
  };

  if (offer === 'home-screen') return <HomeScreenSheet open onClose={notNow} />;
  return (
    <DialogFrame
      open={offer === 'explain'}
      onClose={notNow}
      title={t('prompt.title')}
      description={t('prompt.description')}
      closeLabel={t('common:actions.close')}
    >
      <div className="flex items-start gap-3">
        <BellRing aria-hidden="true" className="mt-1 size-6 shrink-0 text-teal-700" />
        <div className="flex flex-col gap-2 text-ink">
          <p>{t('prompt.lockScreen')}</p>
          <p>{t('prompt.change')}</p>
        </div>
      </div>
      <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
        <Button className="sm:flex-1" busy={busy} onClick={() => void turnOn()}>
          {t('prompt.enable')}
        </Button>
        <Button variant="ghost" className="sm:flex-1" disabled={busy} onClick={notNow}>
          {t('common:actions.notNow')}
        </Button>
      </div>
    </DialogFrame>
  );
}
