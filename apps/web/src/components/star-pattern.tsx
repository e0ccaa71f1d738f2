import { useSvgId } from '@/hooks/use-svg-id.ts';
import { cn } from '@/lib/cn.ts';

/** A quiet eight-pointed-star lattice, drawn over the teal surfaces. */
export function StarPattern({ className = '' }: { className?: string }) {
  const id = `${useSvgId()}-stars`;
  return (
    <svg
      aria-hidden="true"
      className={cn('pointer-events-none absolute inset-0 size-full', className)}
    >
      <defs>
        <pattern id={id} width="56" height="56" patternUnits="userSpaceOnUse">
          <g fill="none" stroke="#fdfaf5" strokeOpacity="0.08" strokeWidth="1.2">
            <rect x="17" y="17" width="22" height="22" />
            <rect x="17" y="17" width="22" height="22" transform="rotate(45 28 28)" />
            <circle cx="0" cy="0" r="6" />
            <circle cx="56" cy="0" r="6" />
            <circle cx="0" cy="56" r="6" />
            <circle cx="56" cy="56" r="6" />
          </g>
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill={`url(#${id})`} />
    </svg>
  );
}
