import { describe, expect, it } from 'vitest';
import { callClock } from './call-clock.ts';

describe('the in-call timer', () => {
  it('reads minutes and seconds, hours once past one', () => {
    expect(callClock(0)).toBe('00:00');
    expect(callClock(42_900)).toBe('00:42');
    expect(callClock(725_000)).toBe('12:05');
    expect(callClock(3_729_000)).toBe('1:02:09');
  });
});
