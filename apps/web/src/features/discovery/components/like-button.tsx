import { MATCH_VIBRATION_MS } from '@mawadda/contract/constants';
import { Heart, Sparkles } from 'lucide-react';
import type { CSSProperties } from 'react';
import { cn } from '@/lib/cn.ts';
import { useLikeFeedback } from '../hooks/like-feedback.tsx';
import { useLike } from '../hooks/use-like.ts';
import { useDiscoveryTranslation } from '../i18n.ts';

export const matchStyle = { '--discovery-match-ms': `${MATCH_VIBRATION_MS}ms` } as CSSProperties;

/**
 * The like of a card (an icon, its name saying whom), or the labelled Like of the profile
 * dialog, or the Lovely of the profile page. Once liked: a filled heart, pressed, disabled.
 * Disabled with `aria-disabled`, not `disabled`: a browser moves the focus of a button that
 * becomes disabled to the page itself, and the member liking from the keyboard would have to
 * find their place again. The button keeps the focus and says "You liked …".
 */
export function LikeButton({
  member,
  variant,
  disabled = false,
}: {
  /** `likedByMe` is the server's memory of the like: the heart is filled on any device. */
  member: { id: string; name: string; likedByMe?: boolean };
  variant: 'icon' | 'like' | 'lovely';
  disabled?: boolean;
}) {
  const { t } = useDiscoveryTranslation();
  const { liked, like } = useLike(variant === 'lovely' ? 'lovely' : 'like');
  const { vibrating } = useLikeFeedback();
  const isLiked = member.likedByMe === true || liked.has(member.id);
  const shaking = vibrating.has(member.id) && variant !== 'icon';
  const inactive = isLiked || disabled;
  const onClick = () => {
    if (!inactive) like(member);
  };

  if (variant === 'icon') {
    return (
      <button
        type="button"
        aria-label={t(isLiked ? 'card.liked' : 'card.like', { name: member.name })}
        aria-pressed={isLiked}
        aria-disabled={inactive}
        onClick={onClick}
        className={cn(
          'flex size-11 items-center justify-center rounded-full transition-colors aria-disabled:cursor-default',
          isLiked
            ? 'bg-rose-600 text-white'
            : 'bg-rose-50 text-rose-600 ring-1 ring-rose-600/20 hover:bg-rose-100',
        )}
      >
        <Heart aria-hidden="true" className="size-5" fill={isLiked ? 'currentColor' : 'none'} />
      </button>
    );
  }

  const Icon = variant === 'lovely' ? Sparkles : Heart;
  const text =
    variant === 'lovely'
      ? t(isLiked ? 'details.lovelySent' : 'details.lovely')
      : t(isLiked ? 'modal.liked' : 'modal.like');
  return (
    <button
      type="button"
      aria-pressed={isLiked}
      aria-disabled={inactive}
      onClick={onClick}
      style={matchStyle}
      title={
        variant === 'lovely'
          ? t(isLiked ? 'details.lovelySentLabel' : 'details.lovelyLabel', { name: member.name })
          : t(isLiked ? 'card.liked' : 'card.like', { name: member.name })
      }
      className={cn(
        'inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full px-5 py-2.5 font-semibold transition-colors aria-disabled:cursor-default',
        isLiked
          ? 'bg-rose-50 text-rose-700 ring-1 ring-rose-600/25'
          : 'bg-rose-600 text-white shadow-sm hover:bg-rose-700',
        shaking && 'discovery-shake',
      )}
    >
      <Icon aria-hidden="true" className="size-5" fill={isLiked ? 'currentColor' : 'none'} />
      {text}
    </button>
  );
}
