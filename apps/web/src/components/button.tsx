import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'snug' | 'wide' | 'tall' | 'small';
type Variant = ButtonVariant;

const variants: Record<Variant, string> = {
  primary: 'bg-teal-700 text-white hover:bg-teal-800 disabled:bg-teal-700/60 shadow-sm',
  secondary:
    'bg-white text-teal-800 border border-teal-700/30 hover:bg-teal-50 disabled:opacity-60',
  ghost: 'bg-transparent text-teal-800 hover:bg-teal-50 disabled:opacity-60',
  danger: 'bg-rose-700 text-white hover:bg-rose-600 disabled:opacity-60',
};

const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 px-5 py-2.5',
  /** Beside other content in a narrow card (a gift's price). */
  snug: 'min-h-11 px-4 py-2.5',
  wide: 'min-h-11 px-6 py-2.5',
  tall: 'min-h-12 px-6 py-2.5',
  small: 'min-h-11 px-4 text-sm',
};

/**
 * A button's classes, for what looks like a button without being one (a link to a page, a
 * dialog's close): one place for each variant's colours and each size, beside `Button`.
 */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  className?: string;
} = {}) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed',
    sizes[size],
    variants[variant],
    block && 'w-full',
    className,
  );
}

/**
 * A button in one of the variants and sizes. `className` adds layout (`flex-1`, `shrink-0`, a
 * margin) or a state's look, never a padding or colour its variant or size already sets: `cn`
 * does not merge, so two utilities for one property would leave the winner to the stylesheet's
 * order. A padding of its own is a new size above.
 */
export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  /** Shows a spinner and sets aria-busy; the button is disabled while busy. */
  busy?: boolean;
  block?: boolean;
  size?: ButtonSize;
  icon?: ReactNode;
};

export function Button({
  variant = 'primary',
  busy = false,
  block = false,
  size = 'md',
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
      className={buttonClass({ variant, size, block, className })}
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
