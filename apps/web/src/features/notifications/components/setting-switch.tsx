import { type InputHTMLAttributes, useId } from 'react';

/**
 * A labelled on/off switch: a native checkbox read as a switch (`role="switch"`), so Space toggles
 * it and a screen reader says its name and "on" or "off"; its hint is read with it. The row is at
 * least 44 px high.
 */
export function SettingSwitch({
  label,
  hint,
  checked,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role' | 'checked'> & {
  label: string;
  hint?: string;
  checked: boolean;
}) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-start justify-between gap-3 py-1.5">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="cursor-pointer leading-6 text-ink">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-ink-muted">
            {hint}
          </p>
        ) : null}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="peer relative mt-0.5 h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-ink-muted transition-colors before:absolute before:left-0.5 before:top-0.5 before:size-6 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-teal-700 checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:opacity-60"
        {...input}
      />
    </div>
  );
}
