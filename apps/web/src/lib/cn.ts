import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names, leaving out the falsy ones: `cn('base', invalid && 'border-red-600')`.
 * No tailwind-merge: our components never pass two utilities for one property, and its 7 kB
 * would not fit the first route's budget.
 */
export function cn(...classes: ClassValue[]): string {
  return clsx(classes);
}
