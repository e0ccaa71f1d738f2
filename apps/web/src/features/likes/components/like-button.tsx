import type { LikeKind } from '@mawadda/contract';
import { Heart, Sparkles } from 'lucide-react';
import type { LikeButtonProps } from '@/components/members/member-likes.ts';
import { cn } from '@/lib/cn.ts';
import { useLike } from '../hooks/use-like.ts';
import { useLikesTranslation } from '../i18n.ts';

/**
 * The like of a card (an icon, its name saying whom), or the labelled Like of the profile
 * dialog, or the Lovely of the profile page. A member has one like per member, a like or a
 * Lovely: once sent, either button is pressed and disabled and says which was sent ("Liked",
 * "Lovely sent"). Disabled with `aria-disabled`, not `disabled`: a browser moves the focus of a
 * button that becomes disabled to the page itself, and the member liking from the keyboard would
 * have to find their place again. The button keeps the focus and says "You liked …".
 */
export function LikeButton({
  member,
  variant,
  disabled = false,
  className,
  style,
}: LikeButtonProps) {
  const { t } = useLikesTranslation();
  const kind: LikeKind = variant === 'lovely' ? 'lovely' : 'like';
  const { liked, like } = useLike(kind);
  const isLiked = member.likedByMe === true || liked.has(member.id);
  // Sent from this very button when the server has not said otherwise yet.
  const sent: LikeKind | null = isLiked ? (member.sentLike ?? kind) : null;
  const inactive = isLiked || disabled;
  const onClick = () => {
    if (!inactive) like(member);
  };

  if (variant === 'icon') {
    return (
      <button
        type="button"
        aria-label={t(isLiked ? 'send.likedLabel' : 'send.likeLabel', { name: member.name })}
        aria-pressed={isLiked}
        aria-disabled={inactive}
        onClick={onClick}
        style={style}
        className={cn(
          'flex size-11 items-center justify-center rounded-full transition-colors aria-disabled:cursor-default',
          isLiked
            ? 'bg-rose-600 text-white'
            : 'bg-rose-50 text-rose-600 ring-1 ring-rose-600/20 hover:bg-rose-100',
          className,
        )}
      >
        <Heart aria-hidden="true" className="size-5" fill={isLiked ? 'currentColor' : 'none'} />
      </button>
    );
  }

  const Icon = (sent ?? kind) === 'lovely' ? Sparkles : Heart;
  const text =
    sent === 'lovely'
      ? t('send.lovelySent')
      : sent === 'like'
        ? t('send.liked')
        : t(kind === 'lovely' ? 'send.lovely' : 'send.like');
  const title =
    sent === 'lovely'
      ? t('send.lovelySentLabel', { name: member.name })
      : sent === 'like'
        ? t('send.likedLabel', { name: member.name })
        : t(kind === 'lovely' ? 'send.lovelyLabel' : 'send.likeLabel', { name: member.name });
  return (
    <button
      type="button"
      aria-pressed={isLiked}
      aria-disabled={inactive}
      onClick={onClick}
      style={style}
      title={title}
      className={cn(
        'inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full px-5 py-2.5 font-semibold transition-colors aria-disabled:cursor-default',
        isLiked
          ? 'bg-rose-50 text-rose-700 ring-1 ring-rose-600/25'
          : 'bg-rose-600 text-white shadow-sm hover:bg-rose-700',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-5" fill={isLiked ? 'currentColor' : 'none'} />
      {text}
    </button>
  );
}
