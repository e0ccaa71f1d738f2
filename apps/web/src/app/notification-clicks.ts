import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { OPEN_URL_MESSAGE } from '@/features/pwa/push-handlers.ts';

/**
 * A click on a push notification opens its screen in this window (the service worker posts it
 * here rather than opening a second window, features/pwa/push-handlers.ts), by the router: a call
 * or a draft in progress survives it. Only a path of this app is followed.
 */
export function useNotificationClicks() {
  const navigate = useNavigate();
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (!container) return;
    const onMessage = (event: MessageEvent) => {
      const { type, url } = (event.data ?? {}) as { type?: unknown; url?: unknown };
      if (type === OPEN_URL_MESSAGE && typeof url === 'string' && /^\/(?!\/)/.test(url)) {
        void navigate(url);
      }
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
}
