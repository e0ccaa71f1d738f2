import { useId } from 'react';

/**
 * A unique id for an SVG definition. React's ids hold characters that `url(#...)` references do
 * not accept, so they are left out.
 */
export function useSvgId(): string {
  return `m${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
}
