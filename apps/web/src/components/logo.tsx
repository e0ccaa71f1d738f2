import { useId } from 'react';
import { cn } from '@/lib/cn.ts';

/**
 * Mawadda's mark: a pointed arch (a doorway, a home to build together) holding a small heart.
 * The same drawing as the app icons (`scripts/generate-icons.ts`). Decorative: the wordmark, or
 * the link around it, carries the name.
 */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  const gradient = useId();
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0b5f59" />
          <stop offset="1" stopColor="#083b38" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill={`url(#${gradient})`} />
      <path d="M18 52V31C18 22.5 24.5 17 32 11C39.5 17 46 22.5 46 31V52Z" fill="#f8f1e6" />
      <path
        d="M32 45.5C26 41.3 23 38 23 34.5C23 31.7 25.1 29.6 27.8 29.6C29.6 29.6 31.1 30.5 32 32C32.9 30.5 34.4 29.6 36.2 29.6C38.9 29.6 41 31.7 41 34.5C41 38 38 41.3 32 45.5Z"
        fill="#be123c"
      />
    </svg>
  );
}

/** The mark and the serif wordmark. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark className="size-9 shrink-0" />
      <span className="font-display text-[1.375rem] font-semibold leading-none tracking-tight text-teal-900">
        Mawadda
      </span>
    </span>
  );
}
