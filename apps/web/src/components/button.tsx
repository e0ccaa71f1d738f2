import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants: Record<Variant, string> = {
  primary: 'bg-teal-700 text-white hover:bg-teal-800 disabled:bg-teal-700/60 shadow-sm',
  secondary:
    'bg-white text-teal-800 border border-teal-700/30 hover:bg-teal-50 disabled:opacity-60',
  ghost: 'bg-transparent text-teal-800 hover:bg-teal-50 disabled:opacity-60',
  danger: 'bg-rose-700 text-white hover:bg-rose-600 disabled:opacity-60',
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  /** Shows a spinner and sets aria-busy; the button is disabled while busy. */
  busy?: boolean;
  block?: boolean;
  icon?: ReactNode;
};

export function Button({
  variant = 'primary',
  busy = false,
  block = false,
  icon,
  className = '',
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cn(
        'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 font-semibold transition-colors disabled:cursor-not-allowed',
        variants[variant],
        block && 'w-full',
        className,
      )}
      {...rest}
    >
      {busy ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      ) : (
        icon
      )}
      {children}
    </button>
  );
}
