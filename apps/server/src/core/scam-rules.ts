import { SHIELD_RULES, type ShieldRule } from '@mawadda/contract';

/**
 * The scam shield's rules (ADR 043): one table, one precompiled expression per rule, read over
 * the message's text once it is folded (`foldText`: no accents, lower case, one kind of
 * apostrophe). French, English and the common Ivorian (Nouchi) forms. Each rule has its matching
 * cases and its near-misses in `scam-rules.test.ts`; a change here is a change there.
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

const RULES: Record<ShieldRule, RegExp> = {
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
   * A phone (or mobile-money) number: West African and French numbers, with a country code or
   * not, the digits in groups apart by spaces, dots or dashes. 9 digits or more, or 8 after a +
   * or 00 (a date, "05.12.2026", has 8); not an amount ("100 000 000 FCFA"). Numbers spelled in
   * words are not caught.
   */
  phone:
    /(?<![\d])(?:(?:\+|\b00) ?\d(?:[ .\-()]{0,2}\d){7,}|\b\d(?:[ .-]{0,2}\d){8,})(?![\d])(?! ?(?:f|fr|fcfa|cfa|xof|francs?|euros?|€|\$|dollars?|usd)\b)/,
  /** An address: with a scheme, www., a short link, or a name with a common ending. */
  link: /\b(?:https?|ftp):\/\/|\bwww\.|\b(?:t|wa|m)\.me\/|\b[a-z0-9][a-z0-9-]*\.(?:com|net|org|info|biz|io|fr|sn|ci|ml|bf|gn|tg|bj|cm|ly|gl|link|xyz|app|site|online|club|top|shop|store|live|vip)\b(?:\/\S*)?/,
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

const COMBINING_MARKS = /\p{M}+/gu;
const APOSTROPHES = /[\u2018\u2019\u02bc\u00b4`]/g;
const DASHES = /[\u2010-\u2015\u2212]/g;
const SPACES = /\s+/g;

/**
 * The text as the rules read it: decomposed (NFKD, so a full-width digit or a ligature is the
 * plain one) without its accents, in lower case, with one apostrophe, one dash and single spaces.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(APOSTROPHES, "'")
    .replace(DASHES, '-')
    .replace(SPACES, ' ');
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
