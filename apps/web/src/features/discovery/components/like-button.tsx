import { MATCH_VIBRATION_MS } from '@mawadda/contract/constants';
import { Heart, Sparkles } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useLikeFeedback } from '../hooks/like-feedback.tsx';
import { useLike } from '../hooks/use-like.ts';
import { useDiscoveryTranslation } from '../i18n.ts';

export const matchStyle = { '--discovery-match-ms': `${MATCH_VIBRATION_MS}ms` } as CSSProperties;

/**
 * The like of a card (an icon, its name saying whom), or the labelled Like of the profile
 * dialog, or the Lovely of the profile page. Once liked: a filled heart, pressed, disabled.
 */
export function LikeButton({
  member,
  variant,
  disabled = false,
}: {
  member: { id: string; name: string };
  variant: 'icon' | 'like' | 'lovely';
  disabled?: boolean;
}) {
  const { t } = useDiscoveryTranslation();
  const { liked, like } = useLike(variant === 'lovely' ? 'lovely' : 'like');
  const { vibrating } = useLikeFeedback();
  const isLiked = liked.has(member.id);
  const shaking = vibrating.has(member.id) && variant !== 'icon';
  const onClick = () => like(member);

  if (variant === 'icon') {
    return (
      <button
        type="button"
        aria-label={t(isLiked ? 'card.liked' : 'card.like', { name: member.name })}
        aria-pressed={isLiked}
        disabled={isLiked || disabled}
        onClick={onClick}
        className={`flex size-11 items-center justify-center rounded-full transition-colors disabled:cursor-default ${
          isLiked
            ? 'bg-rose-600 text-white'
            : 'bg-rose-50 text-rose-600 ring-1 ring-rose-600/20 hover:bg-rose-100'
        }`}
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
      disabled={isLiked || disabled}
      onClick={onClick}
      style={matchStyle}
      title={
        variant === 'lovely'
          ? t(isLiked ? 'details.lovelySentLabel' : 'details.lovelyLabel', { name: member.name })
          : t(isLiked ? 'card.liked' : 'card.like', { name: member.name })
      }
      className={`inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full px-5 py-2.5 font-semibold transition-colors disabled:cursor-default ${
        isLiked
          ? 'bg-rose-50 text-rose-700 ring-1 ring-rose-600/25'
          : 'bg-rose-600 text-white shadow-sm hover:bg-rose-700'
      } ${shaking ? 'discovery-shake' : ''}`}
    >
      <Icon aria-hidden="true" className="size-5" fill={isLiked ? 'currentColor' : 'none'} />
      {text}
    </button>
  );
}
