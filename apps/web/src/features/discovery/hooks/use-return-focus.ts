import { useRef } from 'react';

/**
 * Radix returns focus to a `Dialog.Trigger` on close; these dialogs open from buttons that are
 * not triggers (a card's name, the filters button, a carousel photo), so this remembers what had
 * focus when the dialog opened and puts focus back there when it closes. A photo that the
 * lightbox has since moved away from is inert: focus goes to its carousel instead.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const element = opener.current;
      opener.current = null;
      if (!element?.isConnected) return;
      event.preventDefault();
      const inert = element.closest<HTMLElement>('[inert]');
      const target = inert ? inert.parentElement?.closest<HTMLElement>('[tabindex]') : element;
      (target ?? element).focus();
    },
  };
}
