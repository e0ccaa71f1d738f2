import { createContext, useContext, useLayoutEffect } from 'react';

/** The shell's switch for a page that takes the screen's height (AppShell's `fill`). */
export const FillScreenContext = createContext<(fill: boolean) => void>(() => {});

/**
 * The calling page takes the screen's height between the bar and the phone's tab bar, without
 * the footer, while it is mounted; it scrolls inside itself (the chat: its header and composer
 * stay in view). Set before the first paint, so the footer never flashes under it.
 */
export function useFillScreen() {
  const setFill = useContext(FillScreenContext);
  useLayoutEffect(() => {
    setFill(true);
    return () => setFill(false);
  }, [setFill]);
}
