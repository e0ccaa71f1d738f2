import { Button } from '@/components/button.tsx';
import { DialogFrame } from '@/components/dialog-frame.tsx';
import { useNotificationsTranslation } from '../i18n.ts';

/** Safari's Share button, as iOS draws it: a square open at the top, an arrow leaving it. */
function ShareIllustration({ label }: { label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 48 48" className="size-12 shrink-0">
      <rect width="48" height="48" rx="12" fill="#f8f1e6" />
      <path
        d="M18 21h-3v16h18V21h-3M24 28V10m-5 5 5-5 5 5"
        fill="none"
        stroke="#0a7aff"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The Share sheet's "Add to Home Screen" line: its words and the square holding a plus. */
function AddToHomeScreenIllustration({ label, text }: { label: string; text: string }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 220 48" className="h-12 w-full max-w-[220px]">
      <rect width="220" height="48" rx="12" fill="#f8f1e6" />
      <text x="14" y="29" fontSize="13" fill="#1f2937" fontFamily="system-ui, sans-serif">
        {text}
      </text>
      <rect
        x="180"
        y="12"
        width="24"
        height="24"
        rx="6"
        fill="none"
        stroke="#1f2937"
        strokeWidth="2"
      />
      <path d="M192 18v12m-6-6h12" stroke="#1f2937" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * iPhone and iPad: Safari takes Web Push only for an app added to the Home Screen (iOS 16.4+),
 * so instead of the browser's question the member is shown how to add it, step by step.
 */
export function HomeScreenSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useNotificationsTranslation();
  // Safari's own words for the line, in the member's language.
  const lineText = i18n.language.startsWith('fr') ? 'Sur l’écran d’accueil' : 'Add to Home Screen';
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={t('homeScreen.title')}
      description={t('homeScreen.description')}
      closeLabel={t('common:actions.close')}
    >
      <ol className="flex flex-col gap-4">
        <li className="flex items-center gap-3">
          <ShareIllustration label={t('homeScreen.shareImage')} />
          <p className="text-ink">1. {t('homeScreen.share')}</p>
        </li>
        <li className="flex flex-col gap-2">
          <p className="text-ink">2. {t('homeScreen.add')}</p>
          <AddToHomeScreenIllustration label={t('homeScreen.addImage')} text={lineText} />
        </li>
        <li>
          <p className="text-ink">3. {t('homeScreen.open')}</p>
        </li>
      </ol>
      <Button className="mt-5 w-full" onClick={onClose}>
        {t('homeScreen.done')}
      </Button>
    </DialogFrame>
  );
}
