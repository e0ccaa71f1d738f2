import { MAX_PHOTOS } from '@mawadda/contract/constants';
import { ChevronLeft, ChevronRight, ImagePlus, Star, X } from 'lucide-react';
import {
  type ChangeEvent,
  createContext,
  forwardRef,
  type ReactNode,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { cn } from '@/lib/cn.ts';
import { PHOTO_MAX_MB, type PhotoRejection, shortenPhotoName } from '@/lib/photos.ts';
import { FieldError } from './field-error.tsx';

type AddInput = { id: string; describedBy: string; invalid: boolean };

const AddInputContext = createContext<AddInput | null>(null);

/**
 * Photos chosen from the device (docs/spec.md §2 and §5): a hint, the screen's own previews
 * (`children`, a PhotoAddButton among them), then the files refused and the field's error, both
 * read out at once. The add button is described by the hint, the error and the refusals.
 */
export function PhotoField({
  legend,
  hint,
  rejected,
  rejectionMessage,
  error,
  children,
}: {
  /** Names the field where no heading does (the wizard's step holds other fields). */
  legend?: string;
  hint: string;
  rejected: readonly PhotoRejection[];
  /** Words a refusal; the values fit the `{{name}}`, `{{size}}` and `{{max}}` placeholders. */
  rejectionMessage: (
    reason: PhotoRejection['reason'],
    values: { name: string; size: number; max: number },
  ) => string;
  error: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const rejectedId = `${id}-rejected`;
  const describedBy = [hintId, error ? errorId : '', rejected.length ? rejectedId : '']
    .filter(Boolean)
    .join(' ');
  // Under its own legend the field sits tighter, its hint close to the legend; under a section
  // heading it has the section's room.
  const Frame = legend ? 'fieldset' : 'div';
  return (
    <Frame className={cn('flex flex-col', legend ? 'gap-3' : 'gap-4')}>
      {legend ? <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend> : null}
      <p id={hintId} className={cn('text-sm text-ink-muted', legend ? '-mt-1' : 'leading-relaxed')}>
        {hint}
      </p>
      <AddInputContext value={{ id, describedBy, invalid: Boolean(error) }}>
        {children}
      </AddInputContext>
      {rejected.length > 0 ? (
        <ul
          id={rejectedId}
          role="alert"
          className="flex flex-col gap-1 text-sm font-medium text-danger"
        >
          {rejected.map((rejection) => (
            <li key={`${rejection.reason}-${rejection.name}`}>
              {rejectionMessage(rejection.reason, {
                name: shortenPhotoName(rejection.name),
                size: PHOTO_MAX_MB,
                max: MAX_PHOTOS,
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </Frame>
  );
}

/**
 * Several images at once, from a file input only its label shows; `className` shapes the label
 * (a tile among the previews, or a band under them). Belongs inside a PhotoField.
 */
export const PhotoAddButton = forwardRef<
  HTMLInputElement,
  { label: string; onAdd: (files: File[]) => void; className: string }
>(function PhotoAddButton({ label, onAdd, className }, ref) {
  const input = useContext(AddInputContext);
  if (!input) throw new Error('PhotoAddButton is used outside a PhotoField');

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared, so choosing the same file again after removing it still fires a change.
    event.target.value = '';
    if (files.length > 0) onAdd(files);
  };

  return (
    <>
      <input
        ref={ref}
        id={input.id}
        type="file"
        accept="image/*"
        multiple
        aria-invalid={input.invalid ? true : undefined}
        aria-describedby={input.describedBy}
        onChange={onChange}
        className="peer sr-only"
      />
      <label
        htmlFor={input.id}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-1 border-2 border-dashed text-center font-semibold text-teal-800 transition-colors peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-600 hover:bg-teal-50',
          input.invalid ? 'border-danger bg-red-50/40' : 'border-teal-600/40 bg-teal-50/40',
          className,
        )}
      >
        <ImagePlus aria-hidden="true" className="size-6" />
        {label}
      </label>
    </>
  );
});

/** A preview's remove button: a 44 px target around a 32 px disc; `className` places it. */
export const RemovePhotoButton = forwardRef<
  HTMLButtonElement,
  { label: string; title?: string; onClick: () => void; className: string }
>(function RemovePhotoButton({ label, title, onClick, className }, ref) {
  return (
    <button
      type="button"
      ref={ref}
      aria-label={label}
      title={title}
      onClick={onClick}
      className={cn(
        'group absolute inline-flex size-11 items-center justify-center rounded-full',
        className,
      )}
    >
      <span className="inline-flex size-8 items-center justify-center rounded-full bg-white text-ink shadow-md ring-1 ring-sand-300 transition-colors group-hover:bg-rose-700 group-hover:text-white">
        <X aria-hidden="true" className="size-4" />
      </span>
    </button>
  );
});

/**
 * Where a photo stands among the others, by keyboard or touch: earlier, later, or first (the main
 * photo, the card photo members see in their suggestions). Each button names the photo, so a
 * screen reader hears which one it moves. A button that no longer applies after a move (the photo
 * is now first) hands the focus to the photo's next control rather than losing it.
 */
export function PhotoOrderControls({
  index,
  total,
  labels,
  onMove,
}: {
  index: number;
  total: number;
  labels: { earlier: string; later: string; main: string };
  onMove: (to: number) => void;
}) {
  const group = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the photo's place changes.
  useLayoutEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    if (!group.current?.contains(document.activeElement)) {
      group.current?.querySelector('button')?.focus();
    }
  }, [index]);
  if (total < 2) return null;
  const move = (to: number) => {
    moved.current = true;
    onMove(to);
  };
  const button =
    'inline-flex size-10 items-center justify-center rounded-full text-teal-800 transition-colors hover:bg-teal-50';
  return (
    <div ref={group} className="mt-1 flex items-center justify-center gap-0.5">
      {index > 0 ? (
        <>
          <button
            type="button"
            aria-label={labels.earlier}
            title={labels.earlier}
            onClick={() => move(index - 1)}
            className={button}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            aria-label={labels.main}
            title={labels.main}
            onClick={() => move(0)}
            className={button}
          >
            <Star aria-hidden="true" className="size-4" />
          </button>
        </>
      ) : null}
      {index < total - 1 ? (
        <button
          type="button"
          aria-label={labels.later}
          title={labels.later}
          onClick={() => move(index + 1)}
          className={button}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      ) : null}
    </div>
  );
}
