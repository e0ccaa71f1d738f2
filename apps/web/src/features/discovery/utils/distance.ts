/**
 * The one rule for showing how far a member is (cards, the profile dialog, the profile page).
 *
 * The server knows positions only to a grid cell of 0.1° (about 11 km; ADR 005) and sends the
 * distance between cell centres, rounded to the kilometre. Two members of one town may sit in
 * the same cell (0 km) or in neighbouring ones (11 km side by side, 16 km corner to corner), so
 * "0" and "11" say the same thing: anything up to one cell's diagonal reads "Near you". Beyond
 * it, the whole kilometres in the member's language ("1 250 km").
 */
export const NEAR_YOU_KM = 16;

export type DistanceLabel = { kind: 'near' } | { kind: 'km'; distance: string } | null;

export function distanceLabel(km: number | null | undefined, language: string): DistanceLabel {
  if (km === null || km === undefined || !Number.isFinite(km) || km < 0) return null;
  const rounded = Math.round(km);
  if (rounded <= NEAR_YOU_KM) return { kind: 'near' };
  return { kind: 'km', distance: new Intl.NumberFormat(language).format(rounded) };
}
