import type { ReactNode } from 'react';

/** A field's error, read out as it appears; the field points at `id` (aria-describedby). */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-danger">
      {children}
    </p>
  );
}
