import { useCallback, useState } from 'react';

/**
 * A dialog whose code loads with its first opening (a lazy component): `mounted` from then on,
 * so the dialog can play its closing transition and opens at once the next time.
 */
export function useDialogOnDemand() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const show = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);
  return { open, setOpen, mounted, show };
}
