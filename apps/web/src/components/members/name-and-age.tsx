import { useLayoutEffect, useRef } from 'react';

/**
 * A member's name cut to the room left and their age right after it: "Lamine Be…, 37". CSS puts
 * its ellipsis after the last letter that fits and leaves the rest of the name's box blank, up to
 * a letter's width that read as a space before the comma; so, once laid out and whenever the
 * room changes, the box is narrowed to the letters shown and their ellipsis. The parent's width
 * is the room: it must not depend on the name (a row of the card, of the list).
 */
export function NameAndAge({ name, age }: { name: string; age: number | null }) {
  const nameBox = useRef<HTMLSpanElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new name or age is measured again
  useLayoutEffect(() => {
    const element = nameBox.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    return fitWhenResized(element);
  }, [name, age]);
  return (
    <>
      <span ref={nameBox} className="truncate">
        {name}
      </span>
      {age !== null ? <span className="shrink-0">, {age}</span> : null}
    </>
  );
}

/** The names fitted, by the parent they take their room from. */
const names = new Map<Element, HTMLElement>();
let observer: ResizeObserver | undefined;

function fitWhenResized(element: HTMLElement) {
  const room = element.parentElement;
  if (!room) return undefined;
  observer ??= new ResizeObserver((entries) => {
    const resized = entries.flatMap(({ target }) => names.get(target) ?? []);
    // Every box let out, then all read, then all written: two layouts for a page of cards.
    for (const name of resized) name.style.maxWidth = '';
    const widths = resized.map(shownWidth);
    resized.forEach((name, index) => {
      const width = widths[index];
      if (width !== undefined) name.style.maxWidth = `${width}px`;
    });
  });
  names.set(room, element);
  observer.observe(room);
  return () => {
    observer?.unobserve(room);
    names.delete(room);
  };
}

const ellipsisWidths = new Map<string, number>();
let canvas: CanvasRenderingContext2D | null | undefined;

/**
 * The width of what a cut name shows: the most letters that fit with the ellipsis (none of
 * them a space before it, which would read as a gap too), measured as laid out; undefined for a
 * name that fits whole.
 */
function shownWidth(element: HTMLElement): number | undefined {
  const text = element.firstChild;
  const room = element.clientWidth;
  if (!(text instanceof Text) || element.scrollWidth <= room) return undefined;
  const { font } = getComputedStyle(element);
  let ellipsis = ellipsisWidths.get(font);
  if (ellipsis === undefined) {
    canvas ??= document.createElement('canvas').getContext('2d');
    if (!canvas) return undefined;
    canvas.font = font;
    ellipsis = canvas.measureText('…').width;
    ellipsisWidths.set(font, ellipsis);
  }
  // The letters as the ellipsis cuts them: whole graphemes, never half of an accented one.
  const ends = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text.data)]
    .filter(({ segment }) => segment.trim() !== '')
    .map(({ index, segment }) => index + segment.length);
  const range = document.createRange();
  range.setStart(text, 0);
  const widthUpTo = (count: number) => {
    if (count === 0) return 0;
    range.setEnd(text, ends[count - 1] ?? 0);
    return range.getBoundingClientRect().width;
  };
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (widthUpTo(middle) + ellipsis <= room) low = middle;
    else high = middle - 1;
  }
  return Math.ceil(widthUpTo(low) + ellipsis);
}
