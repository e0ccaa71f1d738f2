import { SHIELD_RULES, type ShieldRule } from '@mawadda/contract';

/**
 * The scam shield's rules (ADR 043): one table, one precompiled expression per rule (and a cheap
 * one in front of the phone rule's), read over the message's text once it is folded (`foldText`:
 * compatibility forms, no accents, no invisible characters, every script's digits and the
 * look-alikes of Latin letters, dots and separators read as the plain ones, lower case, one kind
 * of apostrophe). French, English and the common Ivorian (Nouchi) forms. Each rule has its
 * matching cases and its near-misses in `scam-rules.test.ts`; a change here is a change there.
 *
 * What a rule may not catch is said next to it: the shield warns the receiver, it refuses
 * nothing (but a new account's links and numbers), so a rule errs on the side of silence where a
 * word is common in talk between people who want to marry ("la douane de mon cœur", "investir
 * dans notre avenir", "je t'envoie une photo").
 */

/** Words for money, as the object of sending, giving, needing. */
const MONEY_WORDS = String.raw`(?:(?:l'|de l'|d')?argent|(?:du |le )?fric|(?:les|des|de|mes|tes|tes petits|quelques) sous|(?:le |du )?cash|money|funds?|(?:a |un )?(?:loan|pret)|(?:le |du |mon )?(?:djeh?|wari|moni)|(?:les )?jetons|\d[\d .]*(?: ?(?:f|fr|fcfa|cfa|xof|francs?|euros?|dollars?|usd)(?![a-z])| ?[€$])|[€$] ?\d)(?![a-z])`;

/** Mobile money and transfer services; Wave only beside a word that makes it one (below). */
const MONEY_SERVICES = String.raw`western ?union|money ?gram|orange ?money|om money|mtn ?(?:mo ?mo|mobile money)|\bmomo\b|moov ?(?:money|africa)|\bflooz\b|mobile ?money|free ?money|ria money|world ?remit|\bremitly\b`;

/**
 * What may stand between the digits of a number once the text is folded: a space and the
 * punctuation numbers are written with ("77.123.45.67", "77/123/45/67", "(77) 123", "77_123").
 * Look-alikes (the Arabic comma, a bullet, a fraction slash…) are folded to these first.
 */
const SEPARATOR = String.raw`[ .,:;\-/\\|()\[\]{}<>_*+~'"=#]`;
/** Between two digits of one number: any run of separators. */
const GAP = `${SEPARATOR}*`;
/** The run of digits ends here: no digit after a gap. */
const RUN_ENDS = String.raw`(?!${GAP}\d)`;
/** A currency after an amount, "de" or "d'" allowed between ("10 000 000 de francs"). */
const CURRENCY = `(?:(?:de |d')?(?:f|fr|frs|fcfa|cfa|xof|xaf|gnf|fg|francs?|euros?|eur|dollars?|usd)(?![a-z0-9])|[€$])`;
/** An amount: grouped by thousands ("100 000 000", "1.500.000,50") or in one piece. */
const AMOUNT = String.raw`\d{1,3}(?:[ .,']?\d{3})*(?:[.,]\d{1,2})?`;
/** A date: 12/05, 12/05/2026, 05.12.26, 2026-05-12. */
const DATE = String.raw`(?:(?:0?[1-9]|[12]\d|3[01])[/.\-](?:0?[1-9]|1[0-2])(?:[/.\-](?:(?:19|20)\d\d|\d\d))?|(?:19|20)\d\d[/.\-](?:0?[1-9]|1[0-2])[/.\-](?:0?[1-9]|[12]\d|3[01]))`;
const HOUR = String.raw`(?:[01]?\d|2[0-3])`;
/**
 * An hour ("14:30") or a verse of the Qur'an ("30:21", "2:255-257"): a surah is 1 to 114, a
 * verse 1 to 286. Each part's forms differ in length, so that a long list is read one way only.
 */
const HOUR_OR_VERSE = String.raw`(?:0?\d|[1-9]\d|10\d|11[0-4]):(?:\d\d?|[12]\d\d)(?:-(?:\d\d?|[12]\d\d))?`;
/**
 * A run of digits that is not a number, read from its first digit: the whole run must be the
 * amount (before its currency), the dates and time, the years, the hours or verses.
 */
const NOT_A_NUMBER = [
  `${AMOUNT} ?${CURRENCY}`,
  `(?<=[€$] ?)${AMOUNT}${RUN_ENDS}`,
  // A date (or two: "12/05/2026 - 15/05/2026"), with or without a time: "15h", "15h30", "15:30".
  String.raw`${DATE}(?:${SEPARATOR}{1,3}${DATE})?(?:${SEPARATOR}{1,3}${HOUR} ?h|(?:${SEPARATOR}{1,3}${HOUR}:[0-5]\d)?${RUN_ENDS})`,
  String.raw`(?:19|20)\d\d(?:${SEPARATOR}{1,3}(?:19|20)\d\d)+${RUN_ENDS}`,
  String.raw`${HOUR_OR_VERSE}(?:[ ,;/\-()\[\]]{1,4}${HOUR_OR_VERSE})+${RUN_ENDS}`,
].join('|');

/**
 * The dot of an address: the dot (a space before it allowed) or one written out: "[.]", "(.)",
 * "{.}", "(dot)", "[point]", " dot ". The look-alike dots (。 ． · •…) are folded to "." first.
 */
const DOT = String.raw`(?: ?\.| ?[\[({] ?(?:\.|dot|point) ?[\])}] ?| dot )`;
/** The endings of an address that count; `.me`, `.co`, `.ne` are typing slips ("bien.me"). */
const ENDINGS =
  'com|net|org|info|biz|io|fr|sn|ci|ml|bf|gn|tg|bj|cm|ly|gl|link|xyz|app|site|online|club|top|shop|store|live|vip';

/**
 * A number long enough to be a phone's: 8 digits or more (9, or 8 after a +, below), tried from
 * the first digit of each group only (a later one finds no more).
 */
const LONG_NUMBER = new RegExp(String.raw`\d(?<!\d\d)(?:${GAP}\d){7}`);
/** After the + of a country code: "+221", "+ 221", "+(221)". */
const PLUS_GAP = '[ (]{0,2}';
/**
 * A phone number, where `LONG_NUMBER` found a long one: at the start of a run of digits (no
 * digit before it but separators), 9 digits or more, or 8 after a +; then, and only then, not a
 * run that is something else (`NOT_A_NUMBER`).
 */
const PHONE = new RegExp(
  String.raw`(?=\d|\+${PLUS_GAP}\d)(?<!\d${GAP})(?=\+${PLUS_GAP}\d(?:${GAP}\d){7}|\d(?:${GAP}\d){8})(?!\+?${PLUS_GAP}(?:${NOT_A_NUMBER}))`,
);

/** A rule reads a folded text: most are one expression; the phone one is two. */
type Rule = { test(folded: string): boolean };

const RULES: Record<ShieldRule, Rule> = {
  money: new RegExp(
    [
      MONEY_SERVICES,
      // "par Wave", "sur Wave", "mon Wave", "Wave money": not "ma voisine Wave", not "microwave".
      String.raw`\b(?:par|sur|via|avec|by|on|with|through|numero|number|compte|account|mon|ton|my|your) wave\b`,
      String.raw`\bwave (?:money|transfer|transfert|account|compte|numero|number)\b`,
      // Sending, giving, lending money: "envoie-moi de l'argent", "faut m'envoyer l'argent".
      String.raw`\b(?:envoi[esrz]*|envoy(?:er|ez|e|es)|expedie[rz]?|donne[rz]?|file[rz]?|prete[rz]?|transfere[rz]?|depose[rz]?|send|wire|give|lend|transfer)\b[^.!?\n]{0,25}?(?<![a-z])${MONEY_WORDS}`,
      // "fais-moi un petit geste" (a little money, in Abidjan).
      String.raw`\bfai(?:s|re|tes)[ -]+(?:moi|m'|me)? ?un (?:petit )?geste\b`,
      // "fais-moi un transfert", "un petit transfert": not "le transfert de Mbappé".
      String.raw`\bfai(?:s|re|tes|t)[ -]+(?:moi|m'|me)? ?(?:un |le )?(?:petit )?(?:transfert|virement|depot)\b`,
      String.raw`\b(?:transfert|virement|depot) (?:d'argent|de \d|par|via|sur|orange|wave|mtn|moov)`,
      String.raw`\b(?:money|wire|bank|western) transfers?\b`,
      // Needing money: "j'ai besoin d'argent", "I need money".
      String.raw`\bbesoin (?:de |d'|un peu d'|d'un peu d')?(?:argent|fric|sous|cash|djeh?|wari)\b`,
      String.raw`\bneed (?:some |the |a little |urgent |a |an urgent )?(?:money|cash|funds|loan|help with money)\b`,
      // The usual pretexts: fees of a visa, customs, a ticket, a hospital.
      String.raw`\bfrais (?:de |d'|du |des )?(?:visa|douane|dossier|voyage|transport|billet|passeport|hopital|l'hopital|hospitalisation|scolarite|medicaux|ordonnance)`,
      String.raw`\bbillets? d'avion\b|\b(?:plane|flight|air) tickets?\b`,
      String.raw`\bvisa (?:fees?|costs?|money)\b|\bpay(?: for)? (?:my |the |your )?(?:visa|ticket|hospital|customs)\b`,
      String.raw`\bcustoms? (?:fees?|charges?|duty|duties|clearance)\b`,
      String.raw`\bhospital (?:bills?|fees?|costs?)\b|\b(?:payer|regler) (?:l'|les frais d'|la facture d'|les factures d')hopital\b`,
      // Customs holding a parcel: not "la douane de mon cœur".
      String.raw`\b(?:bloque|bloquee|retenu|retenue|paye[rz]?|payer) (?:a |par |chez )?(?:la )?douane\b|\bdouane (?:demande|exige|reclame|bloque)\b`,
    ].join('|'),
  ),
  /**
   * A phone (or mobile-money) number: a run of 9 digits or more, or 8 after a +, with any run of
   * separators between its digits (`SEPARATOR`). Not when the whole run is something else
   * (`NOT_A_NUMBER`): an amount with its currency ("100 000 000 FCFA"; "77 123 45 67 F" is not
   * an amount), dates and a time ("12/05/2026 15h30"), years ("2018, 2019, 2020"), hours or
   * verses ("30:21, 4:1, 2:187"). A date, "05.12.2026", has 8 digits. Numbers spelled in words,
   * and letters for digits ("O7 O7…"), are not caught. Most texts have no long number: the cheap
   * `LONG_NUMBER` says so, and `PHONE` runs only after it.
   */
  phone: { test: (folded) => LONG_NUMBER.test(folded) && PHONE.test(folded) },
  /**
   * An address: with a scheme (or its defanged "hxxp"), www., a short link, or a name with a
   * common ending, the dot written out or not (`DOT`; "example point com" only for the three
   * commonest endings, a "point" being also a point).
   */
  link: new RegExp(
    [
      String.raw`\bh(?:tt|xx)ps?:\/\/|\bftp:\/\/`,
      String.raw`\bwww${DOT}`,
      String.raw`\b(?:t|wa|m)${DOT}me\/`,
      // The name from its first letter only ("rencontres-faciles", not "faciles" again).
      String.raw`(?<![a-z0-9-])[a-z0-9][a-z0-9-]*(?:${DOT}(?:${ENDINGS})| point (?:com|net|org))\b`,
    ].join('|'),
  ),
  /**
   * Moving to another app. WhatsApp, Telegram, Snapchat, Instagram, Viber, IMO, Messenger are
   * named outright; Signal, Insta, Snap, Facebook only after "sur", "on", "mon", "ton"… (a
   * "signal" is a sign, a "snap" a photo).
   */
  'other-app': new RegExp(
    [
      String.raw`\bwh?at'?s ?ap+s?\b|\bwhatsap+\b|\bwtsp\b|\bwsp\b|\bwhtsp\b`,
      String.raw`\btele(?:gram|gramme)\b|\bsnapchat\b|\binstagram\b|\bviber\b|\bwechat\b|\bmessenger\b`,
      String.raw`\b(?:sur|on|via|par|mon|ton|my|your|add me on|ajoute[rz]?[ -]moi sur|ecris[ -]moi sur|write me on|text me on|contacte[rz]?[ -]moi sur) (?:signal|insta|snap|facebook|fb|tiktok|imo|skype)\b`,
    ].join('|'),
  ),
  /** Crypto and "investments": the names outright, investing only in what scams sell. */
  crypto: new RegExp(
    [
      String.raw`\bbitcoins?\b|\bbtc\b|\bcrypto(?:s|monnaies?|-monnaies?|currency|currencies)?\b|\bethereum\b|\busdt\b|\btether\b|\bbinance\b|\bforex\b|\bnft\b`,
      String.raw`\binvest\w*(?: \w+)? (?:dans|in|en|on) (?:la |le |les |du |des |l'|une |a |an )?(?:crypto|bitcoin|forex|trading|bourse|stocks?|actions|plateforme|platform|business|affaire)`,
      String.raw`\b(?:investment|investissement|trading) (?:platform|plateforme|opportunit\w*|plan|scheme|account|compte)\b|\bplateforme (?:de |d')(?:trading|investissement)\b`,
      String.raw`\b(?:guaranteed (?:returns?|profits?|income)|rendements? garantis?|profits? garantis?|gains? garantis?)\b`,
      String.raw`\bdoubler? (?:ton|votre|your) (?:argent|money|capital|investissement|investment)\b`,
    ].join('|'),
  ),
};

/** Each rule's bit in a message's `shield` column: its index in `SHIELD_RULES`. */
export const SHIELD_BITS: Record<ShieldRule, number> = Object.fromEntries(
  SHIELD_RULES.map((rule, i) => [rule, 1 << i]),
) as Record<ShieldRule, number>;

/** Printable ASCII, tabs and line ends: a text the Unicode steps of the fold leave as it is. */
const NOT_PLAIN_ASCII = /[^\t\n\r\x20-\x7e]/;
/**
 * What most texts are written with beyond ASCII: the letters of Latin-1 and œ, French quotes,
 * no-break spaces, the typographic apostrophe, the ellipsis, the euro sign. None is a format
 * character, a look-alike or a digit: their fold is NFKD, the accents off, one apostrophe.
 */
const NOT_LATIN =
  /[^\t\n\r\x20-\x7e\u00a0\u00ab\u00bb\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff\u0152\u0153\u2018\u2019\u2026\u202f\u20ac]/;
/** The accents of Latin-1's letters, once decomposed. */
const LATIN_ACCENTS = /[\u0300-\u036f]+/g;
const TYPOGRAPHIC_APOSTROPHES = /[\u2018\u2019]/g;

/**
 * What is not seen (or not as a character of its own): accents and other marks, format
 * characters (zero-width spaces and joiners U+200B–U+200D, direction marks U+200E–U+200F and
 * U+202A–U+202E, the word joiner U+2060, U+FEFF, the soft hyphen U+00AD…: all of \p{Cf}), control
 * characters but for tabs and line ends, and the Hangul fillers.
 */
const UNSEEN = /[[\p{M}\p{Cf}\p{Cc}\u115f\u1160]--[\t\n\v\f\r\x85]]+/gv;

/**
 * Characters read as another (after NFKD, before lower case, so Greek capitals keep their own
 * look): Cyrillic, Greek and other look-alikes of Latin letters; look-alike dots; the separators
 * of other scripts; dashes and apostrophes.
 */
const LOOKALIKES = new Map<string, string>(
  [
    // Each Latin letter after its look-alikes: Cyrillic first, then Greek (capitals and small
    // letters apart where they differ: Η is an h, η an n), then Latin and Armenian others.
    ['аАαΑɑ', 'a'],
    ['вВьЬΒ', 'b'],
    ['сСϲϹ', 'c'],
    ['ԁ', 'd'],
    ['еЕεΕ', 'e'],
    ['ɡ', 'g'],
    ['нНһΗհ', 'h'],
    ['іІιΙıɩ', 'i'],
    ['јЈϳȷ', 'j'],
    ['кКκΚ', 'k'],
    ['ӏ', 'l'],
    ['мМΜ', 'm'],
    ['пηΝո', 'n'],
    ['оОοΟօ', 'o'],
    ['рРρΡ', 'p'],
    ['ԛ', 'q'],
    ['ѕЅ', 's'],
    ['тТτΤ', 't'],
    ['υμս', 'u'],
    ['ѵν', 'v'],
    ['ѡԝω', 'w'],
    ['хХχΧ', 'x'],
    ['уУүγΥ', 'y'],
    ['Ζ', 'z'],
    // Dots: ideographic (。, and ｡ ︒ once folded), katakana middle dot, middle dots, bullet,
    // hyphenation point, bullet and dot operators, word separator, Lisu, Arabic full stop.
    ['。・·•‧∙⋅⸱ꓸ۔', '.'],
    // Commas, slashes and brackets of other scripts; the braille blank, seen as a space.
    ['،٫٬、', ','],
    ['⁄∕', '/'],
    ['【「『〔〈《', '('],
    ['】」』〕〉》', ')'],
    ['\u2800', ' '],
    ['\u2010\u2011\u2012\u2013\u2014\u2015\u2212', '-'],
    ['\u2018\u2019\u02bc', "'"],
  ].flatMap(([from = '', to = '']) => [...from].map((c): [string, string] => [c, to])),
);
/** The look-alikes by code point. */
const LOOKALIKE_CODES = new Map([...LOOKALIKES].map(([c, to]) => [c.codePointAt(0) ?? 0, to]));
/** A look-alike, or a digit of another script (\p{Nd} but 0–9). */
const LOOKALIKE = new RegExp(
  `[${[...LOOKALIKE_CODES.keys()].map((code) => `\\u{${code.toString(16)}}`).join('')}]|[\\p{Nd}--[0-9]]`,
  'v',
);
const OTHER_DIGIT = /[\p{Nd}--[0-9]]/v;
const DECIMAL_DIGIT = /\p{Nd}/u;
/** Digits of other scripts as ASCII, found once each: every script's digits are 0–9 in a row. */
const ASCII_DIGITS = new Map<number, string>();
function asciiDigit(code: number): string | undefined {
  let ascii = ASCII_DIGITS.get(code);
  if (ascii === undefined && DECIMAL_DIGIT.test(String.fromCodePoint(code))) {
    let zero = code;
    while (DECIMAL_DIGIT.test(String.fromCodePoint(zero - 1))) zero -= 1;
    ascii = String((code - zero) % 10);
    ASCII_DIGITS.set(code, ascii);
  }
  return ascii;
}

/**
 * The look-alikes and other scripts' digits read as the plain ones: one walk over the text
 * (a text in Cyrillic has one on every other letter, too many for a replacement's callback).
 */
function readLookalikes(text: string): string {
  if (!LOOKALIKE.test(text)) return text;
  const digits = OTHER_DIGIT.test(text);
  let read = '';
  let from = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text.charCodeAt(i) < 0x80) continue;
    const code = text.codePointAt(i) ?? 0;
    const as = LOOKALIKE_CODES.get(code) ?? (digits ? asciiDigit(code) : undefined);
    const width = code > 0xffff ? 2 : 1;
    if (as !== undefined) {
      read += text.slice(from, i) + as;
      from = i + width;
    }
    i += width - 1;
  }
  return read + text.slice(from);
}

const BACKTICKS = /`/g;
const SPACES = /\s+/g;

/**
 * The text as the rules read it. Unless it is plain ASCII (which these steps leave as it is):
 * decomposed (NFKD: the compatibility forms NFKC folds, so a full-width digit, a ligature or
 * "｡" is the plain one) without its accents and without what is not seen (`UNSEEN`), the
 * look-alikes and other scripts' digits read as the plain ones (`LOOKALIKES`). Then in lower
 * case, with one apostrophe and single spaces. Separators between digits and written-out dots
 * ("[.]", " dot ") are left to the rules.
 */
export function foldText(text: string): string {
  let folded = text;
  if (!NOT_PLAIN_ASCII.test(folded)) {
    // Plain ASCII: nothing to decompose, hide or read as another.
  } else if (!NOT_LATIN.test(folded)) {
    folded = folded
      .normalize('NFKD')
      .replace(LATIN_ACCENTS, '')
      .replace(TYPOGRAPHIC_APOSTROPHES, "'");
  } else {
    folded = readLookalikes(folded.normalize('NFKD').replace(UNSEEN, ''));
  }
  return folded.toLowerCase().replace(BACKTICKS, "'").replace(SPACES, ' ');
}

/** The rules a text sets off, as bits (0: none). */
export function shieldBits(text: string | null | undefined): number {
  if (!text) return 0;
  const folded = foldText(text);
  let bits = 0;
  for (const rule of SHIELD_RULES) if (RULES[rule].test(folded)) bits |= SHIELD_BITS[rule];
  return bits;
}

/** The rules of a `shield` value, in `SHIELD_RULES` order. */
export function shieldRules(bits: number): ShieldRule[] {
  return SHIELD_RULES.filter((rule) => (bits & SHIELD_BITS[rule]) !== 0);
}

/** The rules a text sets off, by name (tests, the bench). */
export const classify = (text: string): ShieldRule[] => shieldRules(shieldBits(text));
