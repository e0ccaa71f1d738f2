import {
  type KeyboardEvent,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** The button a deferred menu shows, which its loaded menu shows the same. */
export type MenuButton = { className: string; label: string | undefined; children: ReactNode };

/** How the member opened a deferred menu before its menu had loaded, and on what button. */
export type MenuOpening = { byKeyboard: boolean; focused: boolean; button: MenuButton };

/** The keys that open a menu button (WAI-ARIA's menu button pattern). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A menu button whose menu loads when the member reaches for it (a pointer over it, the focus on
 * it), not with the screen: Radix's menu and its positioning are about 18 kB on the wire, and most
 * visits open no menu. Until then the button is a plain one that looks and reads the same; its
 * press loads the menu (`menu`, a lazy component given how it was opened), which mounts open as
 * soon as it is there, its own button in place of this one (`preload` must load what `menu`
 * renders).
 */
export function DeferredMenu({
  preload,
  menu,
  className,
  label,
  children,
}: {
  preload: () => Promise<unknown>;
  menu: (opening: MenuOpening) => ReactNode;
  className: string;
  /** The button's name, where its content does not give one. */
  label?: string;
  children: ReactNode;
}) {
  const [opening, setOpening] = useState<MenuOpening | null>(null);
  const [pending, setPending] = useState(false);
  // The menu is rendered once its code is here, so this button (and the focus on it) stays while
  // it loads; a load that fails (offline before the app was installed) leaves the button as it was.
  const open = (byKeyboard: boolean, button: HTMLElement) => {
    const focused = document.activeElement === button;
    setPending(true);
    preload().then(
      () => setOpening({ byKeyboard, focused, button: { className, label, children } }),
      (error: unknown) => {
        console.error('[menu] could not load', error);
        setPending(false);
      },
    );
  };
  // While the menu loads after a press, the button already looks pressed (its open state).
  const plain = (pending: boolean) => (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded="false"
      aria-label={label}
      aria-busy={pending || undefined}
      data-state={pending ? 'open' : undefined}
      className={className}
      onPointerEnter={() => void preload()}
      onFocus={() => void preload()}
      // A click without a pointer (detail 0) is a screen reader's or a key's.
      onClick={(event) => open(event.detail === 0, event.currentTarget)}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        open(true, event.currentTarget);
      }}
    >
      {children}
    </button>
  );
  if (!opening) return plain(pending);
  return <Suspense fallback={plain(true)}>{menu(opening)}</Suspense>;
}

/**
 * For the loaded menu (Radix's, controlled by `open` and `onOpenChange`): its button, given
 * `triggerProps` and the plain one's content, focused where the plain one was, then the menu
 * opened as the member asked. A press opens it at once (one
 * render after mounting, so a menu placed by its button knows where: the safety menu); a key is
 * handed to the button once Radix listens, so Radix opens it as from a key of its own, the
 * first item focused.
 */
export function useDeferredMenuOpening(opening: MenuOpening) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    if (opening.focused) trigger.current?.focus();
    if (!opening.byKeyboard) setOpen(true);
  }, [opening]);
  // After Radix's own effects (a child's run first): its listener for keys is there by now.
  useEffect(() => {
    if (!opening.byKeyboard) return;
    trigger.current?.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }),
    );
  }, [opening]);
  const { className, label } = opening.button;
  return {
    trigger,
    triggerProps: { ref: trigger, className, 'aria-label': label },
    open,
    onOpenChange: setOpen,
  };
}
