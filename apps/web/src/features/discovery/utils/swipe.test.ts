import { describe, expect, it } from 'vitest';
import { stepIndex, swipeDecision } from './swipe.ts';

describe('swipeDecision', () => {
  it('shows the next photo on a swipe left of 40 px or more', () => {
    expect(swipeDecision(-40)).toBe('next');
    expect(swipeDecision(-120, 10)).toBe('next');
  });

  it('shows the previous photo on a swipe right of 40 px or more', () => {
    expect(swipeDecision(40)).toBe('previous');
    expect(swipeDecision(95, -20)).toBe('previous');
  });

  it('ignores a move shorter than the threshold (a tap, a wobble)', () => {
    expect(swipeDecision(-39)).toBeNull();
    expect(swipeDecision(39.9)).toBeNull();
    expect(swipeDecision(0)).toBeNull();
  });

  it('ignores a mostly vertical move: the member is scrolling', () => {
    expect(swipeDecision(-60, 80)).toBeNull();
    expect(swipeDecision(50, -51)).toBeNull();
  });

  it('accepts another threshold and refuses nonsense', () => {
    expect(swipeDecision(-30, 0, 20)).toBe('next');
    expect(swipeDecision(Number.NaN)).toBeNull();
  });
});

describe('stepIndex', () => {
  it('moves one photo and wraps around at both ends', () => {
    expect(stepIndex(0, 3, 1)).toBe(1);
    expect(stepIndex(2, 3, 1)).toBe(0);
    expect(stepIndex(0, 3, -1)).toBe(2);
    expect(stepIndex(0, 0, 1)).toBe(0);
  });
});
