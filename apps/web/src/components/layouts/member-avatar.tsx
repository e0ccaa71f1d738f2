import { cn } from '@/lib/cn.ts';
import { MediaImage } from '../media-image.tsx';
import { initialsOf } from './initials.ts';

/** The member's first photo, or their initials when they have none. Decorative: the button names it. */
export function MemberAvatar({
  name,
  photoUrl,
  className = 'size-10',
}: {
  name: string | undefined;
  photoUrl: string | undefined;
  className?: string;
}) {
  if (photoUrl) {
    return (
      <MediaImage
        src={photoUrl}
        // A round photo of at most 56 px: the smallest size, not the 1080 px file.
        sizes="56px"
        alt=""
        loading="eager"
        className={cn(className, 'rounded-full bg-sand-200 object-cover')}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        className,
        'flex items-center justify-center rounded-full bg-teal-100 font-display text-base font-semibold text-teal-900',
      )}
    >
      {initialsOf(name) || 'M'}
    </span>
  );
}
