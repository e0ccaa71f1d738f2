/**
 * The install prompt (docs/spec.md §2: "appears once unless dismissed"). The browser's own prompt
 * is held back (`beforeinstallprompt`), and Mawadda offers a small card instead. Once the member
 * answers (Not now, or Install whatever they then choose) or the app gets installed, a flag in
 * local storage keeps the card away for good.
 */
export const INSTALL_DISMISSED_KEY = 'installPromptDismissed';

/** Chromium's event; not in TypeScript's DOM library. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Pure: the card shows only with a prompt in hand, never after an answer or an install. */
export function shouldShowInstallPrompt(state: {
  hasPrompt: boolean;
  dismissed: boolean;
  installed: boolean;
}): boolean {
  return state.hasPrompt && !state.dismissed && !state.installed;
}

export function createInstallPrompt(options: {
  target: EventTarget;
  storage: () => FlagStorage | null;
}) {
  const listeners = new Set<() => void>();
  let deferred: BeforeInstallPromptEvent | null = null;
  let installed = false;

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const dismissed = () => {
    try {
      return options.storage()?.getItem(INSTALL_DISMISSED_KEY) === 'true';
    } catch {
      return false;
    }
  };
  const remember = () => {
    try {
      options.storage()?.setItem(INSTALL_DISMISSED_KEY, 'true');
    } catch {
      // Storage refused: the card still hides for this visit.
    }
  };

  const onBeforeInstallPrompt = (event: Event) => {
    // Always held back: the browser's banner would compete with the card, or reappear after
    // "Not now". The browser's menu still offers to install.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    emit();
  };
  const onInstalled = () => {
    installed = true;
    deferred = null;
    remember();
    emit();
  };

  return {
    /** Listens on the window; returns the way to stop (React effects run twice in development). */
    start() {
      options.target.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
      options.target.addEventListener('appinstalled', onInstalled);
      return () => {
        options.target.removeEventListener('beforeinstallprompt', onBeforeInstallPrompt);
        options.target.removeEventListener('appinstalled', onInstalled);
      };
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    isVisible(): boolean {
      return shouldShowInstallPrompt({
        hasPrompt: deferred !== null,
        dismissed: dismissed(),
        installed,
      });
    },
    /** "Install": the browser's dialog opens; the card does not come back, whatever the answer. */
    async install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
      const event = deferred;
      if (!event) return 'unavailable';
      deferred = null;
      remember();
      emit();
      try {
        await event.prompt();
        const choice = await event.userChoice;
        return choice.outcome;
      } catch {
        return 'dismissed';
      }
    },
    /** "Not now": never shown again. */
    dismiss() {
      deferred = null;
      remember();
      emit();
    },
  };
}

export type InstallPrompt = ReturnType<typeof createInstallPrompt>;

/** The app's one instance, on the window and local storage. */
export const installPrompt = createInstallPrompt({
  target: typeof window === 'undefined' ? new EventTarget() : window,
  storage: () => (typeof localStorage === 'undefined' ? null : localStorage),
});
