import { useCallback, useEffect, useState } from 'react';
import { useSession } from '@/lib/session.ts';
import { SUBSCRIPTION_CHANGED_MESSAGE } from '@/lib/worker-messages.ts';
import {
  deviceSubscribed,
  disablePush,
  enablePush,
  notificationPermission,
  pushChoices,
  pushSupport,
  subscribeDevice,
} from '../utils/push-device.ts';

/** The sessions whose subscription this page load already sent (one POST per sign-in and load). */
const sentFor = new Set<string>();

/** Sends this device's subscription for the session, when allowed and not turned off here. */
function resend(token: string) {
  sentFor.add(token);
  notificationPermission()
    .then(async (permission) => {
      if (permission === 'granted') await subscribeDevice();
      else sentFor.delete(token);
    })
    .catch((error: unknown) => {
      sentFor.delete(token);
      console.warn('[push] this device’s subscription could not be sent', error);
    });
}

const mayResend = () => pushSupport() === 'push' && !pushChoices.deviceOff();

/**
 * After each sign-in (a logout ended the server's subscription, ADR 036), and on each load in
 * case the push service changed it: this device's subscription is sent again for the session when
 * notifications are allowed and the member did not turn them off here. Also when the service
 * worker says the push service rotated it while the app is open (it cannot send it itself).
 */
export function useResubscribe() {
  const token = useSession()?.token;
  useEffect(() => {
    if (!token || !mayResend()) return;
    if (!sentFor.has(token)) resend(token);
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      const type = (event.data as { type?: unknown } | null)?.type;
      if (type === SUBSCRIPTION_CHANGED_MESSAGE && mayResend()) resend(token);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [token]);
}

/** This device's state for the settings: what it supports, the browser's answer, on or off. */
export function usePushDevice() {
  const support = pushSupport();
  const [permission, setPermission] = useState<NotificationPermission | null>(null);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void notificationPermission().then((answer) => live && setPermission(answer));
    deviceSubscribed()
      .then((on) => live && setSubscribed(on))
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, []);

  const turn = useCallback(async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      if (on) {
        const answer = await enablePush();
        setPermission(answer);
        setSubscribed(answer === 'granted');
      } else {
        await disablePush();
        setSubscribed(false);
      }
    } catch (error) {
      console.warn('[push] this device’s notifications could not be changed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, []);

  return { support, permission, subscribed, busy, failed, turn };
}
