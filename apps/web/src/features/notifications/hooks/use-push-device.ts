import { useCallback, useEffect, useState } from 'react';
import { useSession } from '@/lib/session.ts';
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

/**
 * After each sign-in (a logout ended the server's subscription, ADR 036), and on each load in
 * case the push service changed it: this device's subscription is sent again for the session when
 * notifications are allowed and the member did not turn them off here.
 */
export function useResubscribe() {
  const token = useSession()?.token;
  useEffect(() => {
    if (!token || sentFor.has(token) || pushSupport() !== 'push' || pushChoices.deviceOff()) {
      return;
    }
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
