/** What a member is shown of a device: the browser and the system a User-Agent names. */
export type DeviceLabel = { browser: string | null; os: string | null };

/**
 * Browsers in the order they must be tried: each one's token also appears in the User-Agent of
 * those listed before it (Edge, Opera and Samsung Internet say "Chrome"; Chrome says "Safari").
 */
const BROWSERS: Array<[name: string, token: RegExp]> = [
  ['Edge', /\b(?:Edg|EdgA|EdgiOS)\//],
  ['Opera', /\b(?:OPR|OPT|Opera)\//],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Firefox', /\b(?:Firefox|FxiOS)\//],
  ['Chrome', /\b(?:Chrome|CriOS|HeadlessChrome)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

/** Systems likewise: Android's User-Agent says "Linux", an iPad's may say "Mac OS X". */
const SYSTEMS: Array<[name: string, token: RegExp]> = [
  ['Android', /\bAndroid\b/],
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Windows', /\bWindows\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

const firstMatch = (list: Array<[string, RegExp]>, userAgent: string) =>
  list.find(([, token]) => token.test(userAgent))?.[0] ?? null;

/**
 * A short, coarse label of the device a sign-in came from (ADR 075): a dozen names, never the
 * versions or the model, which would make the list a fingerprint. Unknown: null, shown as
 * "unknown browser". A dozen patterns do not need a library whose database changes each month.
 */
export function deviceLabel(userAgent: string | undefined): DeviceLabel {
  const agent = (userAgent ?? '').slice(0, 512);
  return { browser: firstMatch(BROWSERS, agent), os: firstMatch(SYSTEMS, agent) };
}

/** Codes that name no country: Cloudflare's unknown (XX) and Tor (T1), ISO's user-assigned ZZ. */
const NO_COUNTRY = new Set(['XX', 'T1', 'ZZ']);

/**
 * The ISO 3166-1 alpha-2 code of the country the proxy in front placed the client's address in
 * (its header, `COUNTRY_HEADER`), or null: the address itself is never kept (ADR 075).
 */
export function countryCode(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(value) && !NO_COUNTRY.has(value) ? value : null;
}
