import { cn } from '@/lib/cn.ts';
export type StepState = 'complete' | 'current' | 'upcoming';

export type StepDotsProps = {
  /** How many steps there are. */
  total: number;
  /** The step shown now, counted from 1. */
  current: number;
  /** Names the list for assistive technology, e.g. "Registration progress". */
  label: string;
  /** What each dot says to a screen reader, e.g. "Step 1, About you: done". */
  stepLabel: (step: number, state: StepState) => string;
  /** Visible text beside the dots, e.g. "Step 2 of 4". */
  caption?: string;
};

const dot: Record<StepState, string> = {
  complete: 'w-2.5 bg-teal-700',
  current: 'w-8 bg-teal-700',
  upcoming: 'w-2.5 bg-ink-muted/35',
};

/** Progress through a wizard: an ordered list whose current item carries aria-current="step". */
export function StepDots({ total, current, label, stepLabel, caption }: StepDotsProps) {
  const steps = Array.from({ length: total }, (_, index) => index + 1);
  return (
    <div className="flex items-center gap-3">
      <ol aria-label={label} className="flex items-center gap-1.5">
        {steps.map((step) => {
          const state: StepState =
            step < current ? 'complete' : step === current ? 'current' : 'upcoming';
          return (
            <li
              key={step}
              aria-current={state === 'current' ? 'step' : undefined}
              className="flex items-center"
            >
              <span
                aria-hidden="true"
                className={cn('block h-2.5 rounded-full transition-all duration-300', dot[state])}
              />
              <span className="sr-only">{stepLabel(step, state)}</span>
            </li>
          );
        })}
      </ol>
      {caption ? <p className="text-sm font-medium text-ink-muted">{caption}</p> : null}
    </div>
  );
}
