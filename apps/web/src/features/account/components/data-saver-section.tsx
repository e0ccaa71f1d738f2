import { Gauge } from 'lucide-react';
import { AccountSection } from '@/components/account-section.tsx';
import { Checkbox } from '@/components/checkbox.tsx';
import { dataSaver } from '@/lib/data-saver.ts';
import { useDataSaver } from '@/lib/use-data-saver.ts';
import { useAccountTranslation } from '../i18n.ts';

/**
 * /mon-profil's data saver (ADR 048): one checkbox, kept on this device. It starts checked when
 * the phone or the browser asks to save data; the member can still turn it off here.
 */
export function DataSaverSection() {
  const { t } = useAccountTranslation();
  const on = useDataSaver();
  return (
    <AccountSection
      id="data-saver-title"
      icon={<Gauge aria-hidden="true" className="size-5" />}
      title={t('dataSaver.title')}
      lead={t('dataSaver.lead')}
    >
      <Checkbox
        label={t('dataSaver.label')}
        hint={t(dataSaver.browserAsked() ? 'dataSaver.hintBrowser' : 'dataSaver.hint')}
        checked={on}
        onChange={(event) => dataSaver.choose(event.target.checked)}
      />
    </AccountSection>
  );
}
