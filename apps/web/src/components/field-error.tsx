import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/** A field's error, read out as it appears; the field points at `id` (aria-describedby). */
export function FieldError({
  id,
  className,
  children,
}: {
  id: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <p id={id} role="alert" className={cn(className, 'text-sm font-medium text-danger')}>
      {children}
    </p>
  );
}
