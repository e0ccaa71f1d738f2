import { useRef } from 'react';
import { focusMainContent } from '@/components/layouts/skip-link.tsx';

/**
 * Radix returns focus to a `Dialog.Trigger` on close; these dialogs open from buttons that are
 * not triggers (a card's name, the filters button, a carousel photo), so this remembers what had
 * focus when the dialog opened and puts focus back there when it closes. A photo that the
 * lightbox has since moved away from is inert: focus goes to its carousel instead. An opener that
 * is gone (the card of a member just blocked) gives it to the page's content.
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
      event.preventDefault();
      if (!element?.isConnected) {
        focusMainContent();
        return;
      }
      const inert = element.closest<HTMLElement>('[inert]');
      const target = inert ? inert.parentElement?.closest<HTMLElement>('[tabindex]') : element;
      (target ?? element).focus();
    },
  };
}
