import { Loader2, MapPin, MapPinCheck } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/text-field.tsx';
import type { LocationStatus } from '../hooks/use-place-search.ts';
import { useProfileTranslation } from '../i18n.ts';

function hintOf(status: LocationStatus, t: ReturnType<typeof useProfileTranslation>['t']) {
  switch (status.kind) {
    case 'searching':
      return t('location.searching');
    case 'found':
      return t('location.found', { place: status.place });
    case 'notFound':
      return t('location.notFound');
    default:
      return t('location.hint');
  }
}

/** The location, typed; a changed one is looked up as the member types (see useLocationGeocode). */
export function LocationField({
  status,
  error,
  registration,
}: {
  status: LocationStatus;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useProfileTranslation();
  const busy = status.kind === 'searching';
  const Icon = busy ? Loader2 : status.kind === 'found' ? MapPinCheck : MapPin;
  return (
    <TextField
      label={t('fields.location')}
      autoComplete="address-level2"
      required
      placeholder={t('location.placeholder')}
      error={error}
      hint={<span aria-live="polite">{hintOf(status, t)}</span>}
      trailing={
        <span className="inline-flex size-11 items-center justify-center text-teal-700">
          <Icon aria-hidden="true" className={`size-5 ${busy ? 'animate-spin' : ''}`} />
        </span>
      }
      {...registration}
    />
  );
}
