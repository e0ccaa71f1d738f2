import { MATCH_VIBRATION_MS } from '@mawadda/contract/constants';
import type { CSSProperties } from 'react';

/** The shake's length (discovery.css), from the contract: a mutual like shakes for 1 s. */
export const matchStyle = { '--discovery-match-ms': `${MATCH_VIBRATION_MS}ms` } as CSSProperties;

/** A profile's like button, shaking while a match made from it is told (docs/spec.md §4). */
export function likeShake(shaking: boolean) {
  return { style: matchStyle, className: shaking ? 'discovery-shake' : undefined };
}
