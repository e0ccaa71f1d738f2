import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useId, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field.tsx';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'> & {
  /** Accessible name of the toggle while the password is hidden, e.g. "Show password". */
  showLabel: string;
  /** Accessible name of the toggle while the password is shown, e.g. "Hide password". */
  hideLabel: string;
};

/** A password input with a show/hide toggle; the toggle's name says what pressing it does. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField({ showLabel, hideLabel, id, ...props }, ref) {
    const generated = useId();
    const inputId = id ?? generated;
    const [visible, setVisible] = useState(false);
    const Icon = visible ? EyeOff : Eye;
    return (
      <TextField
        ref={ref}
        id={inputId}
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        {...props}
        trailing={
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? hideLabel : showLabel}
            aria-controls={inputId}
            className="inline-flex size-11 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-teal-50 hover:text-teal-800"
          >
            <Icon aria-hidden="true" className="size-5" />
          </button>
        }
      />
    );
  },
);
