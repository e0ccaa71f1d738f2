/**
 * How far a member is, as a card shows it. The server snaps positions to a grid of about 11 km
 * and rounds to the kilometre (ADR 005), so 0 km means "the same part of town", never "right
 * here": it reads "Near you". Above that, the number in the member's language ("1 250 km").
 */
export type DistanceLabel = { kind: 'near' } | { kind: 'km'; distance: string } | null;

export function distanceLabel(km: number | null | undefined, language: string): DistanceLabel {
  if (km === null || km === undefined || !Number.isFinite(km) || km < 0) return null;
  const rounded = Math.round(km);
  if (rounded < 1) return { kind: 'near' };
  return { kind: 'km', distance: new Intl.NumberFormat(language).format(rounded) };
}
