import { Loader2, type LucideIcon } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './text-field.tsx';

/**
 * The member's town, typed and looked up on the map as they type: the hint says how the lookup
 * went (read out as it changes), and a spinner takes the icon's place while it runs.
 */
export function LocationField({
  label,
  placeholder,
  hint,
  busy,
  icon: Icon,
  readOnly,
  error,
  registration,
}: {
  label: string;
  placeholder: string;
  hint: string;
  busy: boolean;
  icon: LucideIcon;
  readOnly?: boolean;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const Shown = busy ? Loader2 : Icon;
  return (
    <TextField
      label={label}
      autoComplete="address-level2"
      required
      readOnly={readOnly}
      placeholder={placeholder}
      error={error}
      hint={<span aria-live="polite">{hint}</span>}
      trailing={
        <span className="inline-flex size-11 items-center justify-center text-teal-700">
          <Shown aria-hidden="true" className={`size-5 ${busy ? 'animate-spin' : ''}`} />
        </span>
      }
      {...registration}
    />
  );
}
