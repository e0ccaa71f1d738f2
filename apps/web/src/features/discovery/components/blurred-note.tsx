import { EyeOff } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { useDiscoveryTranslation } from '../i18n.ts';

/**
 * Laid over a member's blurred photo: the server sends a blurred copy to members the member has
 * not matched with, and this says why the photo looks so.
 */
export function BlurredNote({ className }: { className?: string }) {
  const { t } = useDiscoveryTranslation();
  return (
    <span
      className={cn(
        'pointer-events-none inline-flex items-center gap-1.5 rounded-full bg-black/65 px-3 py-1.5 text-xs font-semibold text-white shadow-sm',
        className,
      )}
    >
      <EyeOff aria-hidden="true" className="size-3.5 shrink-0" />
      {t('common:memberCard.blurredNote')}
    </span>
  );
}
