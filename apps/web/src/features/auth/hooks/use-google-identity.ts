import { type RefObject, useEffect, useRef, useState } from 'react';

const GSI_SCRIPT = 'https://accounts.google.com/gsi/client';

type CredentialResponse = { credential?: string };
type GoogleAccountsId = {
  initialize(options: {
    client_id: string;
    callback: (response: CredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    cancel_on_tap_outside?: boolean;
    context?: 'signin' | 'signup' | 'use';
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
};

declare global {
  interface Window {
    google?: { accounts: { id: GoogleAccountsId } };
  }
}

let scriptLoad: Promise<GoogleAccountsId> | undefined;

/** Loads Google Identity Services once, and only when the server has a Google client id. */
function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  scriptLoad ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SCRIPT;
    script.async = true;
    script.onload = () => {
      const id = window.google?.accounts.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services did not load'));
    };
    script.onerror = () => {
      script.remove();
      scriptLoad = undefined;
      reject(new Error('Google Identity Services could not be loaded'));
    };
    document.head.append(script);
  });
  return scriptLoad;
}

let initializedFor: string | undefined;
let onCredential: ((credential: string) => void) | undefined;

/**
 * Renders Google's own sign-in button into `container` and hands each credential (an ID token)
 * to `handleCredential`. Returns whether the script failed to load (blocked, offline).
 */
export function useGoogleIdentity(options: {
  clientId: string;
  container: RefObject<HTMLElement | null>;
  locale: string;
  handleCredential: (credential: string) => void;
}) {
  const { clientId, container, locale, handleCredential } = options;
  const [unavailable, setUnavailable] = useState(false);
  const latest = useRef(handleCredential);
  useEffect(() => {
    latest.current = handleCredential;
  });

  useEffect(() => {
    let cancelled = false;
    onCredential = (credential) => latest.current(credential);
    loadGoogleIdentity()
      .then((id) => {
        const parent = container.current;
        if (cancelled || !parent) return;
        if (initializedFor !== clientId) {
          id.initialize({
            client_id: clientId,
            callback: (response) => {
              if (response.credential) onCredential?.(response.credential);
            },
            ux_mode: 'popup',
            context: 'signin',
          });
          initializedFor = clientId;
        }
        id.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          text: 'continue_with',
          logo_alignment: 'center',
          locale,
          width: Math.max(200, Math.min(400, Math.round(parent.clientWidth || 320))),
        });
      })
      .catch((error: unknown) => {
        console.warn('Google sign-in is unavailable:', error);
        if (!cancelled) setUnavailable(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, container, locale]);

  return { unavailable };
}
