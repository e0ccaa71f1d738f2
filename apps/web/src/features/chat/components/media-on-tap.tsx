import { ImageDown, Play } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { cn } from '@/lib/cn.ts';
import { kilobytes } from '@/lib/format.ts';
import { useDataSaver } from '@/lib/use-data-saver.ts';
import { useChatTranslation } from '../i18n.ts';

/**
 * A chat photo or voice note that, in data saver (ADR 048), is fetched only once the member taps
 * the button standing in its place, which says what it is and what it weighs. What this device
 * is sending (a `blob:` preview) costs nothing and shows at once. After the tap, focus moves to
 * what came, so a keyboard or screen reader user is not left on a button that is gone.
 */
export function MediaOnTap({
  kind,
  url,
  bytes,
  mine,
  children,
}: {
  kind: 'photo' | 'voice';
  url: string;
  bytes: number | undefined;
  mine: boolean;
  children: ReactNode;
}) {
  const { t, i18n } = useChatTranslation();
  const saving = useDataSaver();
  const [tapped, setTapped] = useState(false);
  if (!saving || url.startsWith('blob:')) return children;
  if (tapped) {
    return (
      <div tabIndex={-1} ref={(node) => node?.focus()} className="outline-none">
        {children}
      </div>
    );
  }
  const Icon = kind === 'photo' ? ImageDown : Play;
  const key = kind === 'photo' ? 'message.loadPhoto' : 'message.loadVoice';
  return (
    <button
      type="button"
      onClick={() => setTapped(true)}
      className={cn(
        'mb-1 inline-flex min-h-11 items-center gap-2 rounded-2xl px-3 py-2 text-sm font-semibold',
        mine
          ? 'bg-white/15 text-white hover:bg-white/25'
          : 'bg-sand-100 text-teal-900 hover:bg-sand-200',
      )}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      {bytes === undefined ? t(key) : t(`${key}Size`, { size: kilobytes(bytes, i18n.language) })}
    </button>
  );
}
