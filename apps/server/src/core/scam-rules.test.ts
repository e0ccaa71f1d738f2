import { SHIELD_RULES, type ShieldRule } from '@mawadda/contract';
import { describe, expect, it } from 'vitest';
import { classify, foldText, SHIELD_BITS, shieldBits, shieldRules } from './scam-rules.ts';

type Cases = { fr: string[]; en: string[]; nouchi?: string[]; nearMisses: string[] };

/**
 * The shield's table (ADR 043): for every rule, French, English (and Nouchi where it has its
 * words) texts it must catch, and near-misses it must leave alone.
 */
const TABLE: Record<ShieldRule, Cases> = {
  money: {
    fr: [
      "Envoie-moi de l'argent s'il te plaît",
      'Tu peux me faire un transfert ce soir ?',
      'Fais-moi un petit transfert, je te rembourse',
      'Envoie par Western Union, c’est plus rapide',
      'Mets ça sur mon Orange Money',
      'Je suis bloquée, envoie sur Wave',
      'Mon numéro Wave, tu as ?',
      'Il faut payer les frais de visa pour que je vienne',
      'Je dois acheter mon billet d’avion pour te rejoindre',
      'Mon colis est bloqué à la douane, il faut 150 000 FCFA',
      "J'ai besoin d'argent pour les frais d'hôpital de ma mère",
      'Envoie 50 000 F par MTN MoMo',
      'Tu peux me prêter un peu ? Prête-moi 200 euros',
      'Dépose 25000 fcfa sur Moov Money',
      'MoneyGram ou Ria money, comme tu veux',
    ],
    en: [
      'Please send me some money, it is urgent',
      'Can you wire me 300 dollars?',
      'I need money for the hospital bills',
      'My visa fees are due tomorrow',
      'I will come once I buy the flight ticket',
      'Customs fees are holding my parcel',
      'Use Western Union or MoneyGram',
      'Send $500 and I pay you back',
      'Could you lend me 100 dollars until Friday?',
      'I need a loan, just this once',
    ],
    nouchi: [
      "Faut m'envoyer l'argent vite",
      'Donne-moi le djêh, on va se voir après',
      'Envoie le wari pour le transport',
      'Bébé fais-moi un petit geste',
    ],
    nearMisses: [
      "Je t'envoie une photo",
      'Je t’envoie un message ce soir, inch’Allah',
      'La douane de mon cœur est ouverte',
      'Ma voisine Wave est très gentille',
      'Le transfert de Mbappé a coûté cher',
      'I put my lunch in the microwave',
      'I will send you a picture of my family',
      'My mother is at the hospital, please pray for her',
      'Le billet de ce matin sur le blog était beau',
      'Donne-moi de tes nouvelles',
      'Je file sous la douche, je reviens',
      'Prête-moi ton stylo pour signer',
      'Je suis prête à fonder une famille',
      'I finished paying my student loan last year',
    ],
  },
  phone: {
    fr: [
      'Appelle-moi au +221 77 123 45 67',
      'Mon numéro : 07 07 12 34 56',
      'Écris au 0033 6 12 34 56 78',
      'Mon Orange Money c’est le 77.123.45.67',
      'Voici : 0 7 0 7 1 2 3 4 5 6',
      'Mon numéro 06-12-34-56-78',
    ],
    en: [
      'Call me on +225 0707123456',
      'My number is 771234567',
      'Text me at +33 (6) 12 34 56 78',
      'Reach me on 00221 76 555 44 33',
    ],
    nearMisses: [
      'Je suis née en 1995',
      'La dot est de 10 000 000 FCFA',
      'Rendez-vous le 12/05/2027 à 14h30',
      'Le mariage est le 05.12.2027 inch’Allah',
      'La dot est de 100 000 000 FCFA',
      'J’ai 3 frères et 2 sœurs',
      'It costs 150 000 CFA, a lot',
      'Between 2019 and 2021 I lived in Paris',
    ],
  },
  link: {
    fr: [
      'Regarde https://exemple.com/photo',
      'Va sur www.rencontres-faciles.net',
      'Mon profil : bit.ly/abc123',
      'Rejoins-moi sur t.me/amina_love',
      'Clique ici wa.me/22177123456',
      'Écris-moi à awa.diallo@gmail.com',
    ],
    en: [
      'Check out http://crypto-profits.xyz',
      'Visit my page at lovely-girl.site/me',
      'My email is john_smith@yahoo.fr',
    ],
    nearMisses: [
      'Bonjour.Comment vas-tu ?',
      'Il est 10.30, je pars au travail',
      'M. Diallo est mon oncle',
      'I read a.m. and p.m. wrongly',
      'Je suis là.Ne t’inquiète pas',
    ],
  },
  'other-app': {
    fr: [
      'Donne-moi ton numéro WhatsApp',
      'On continue sur Telegram ?',
      'Ajoute-moi sur Snap',
      'Mon insta c’est awa_d',
      'Écris-moi sur Signal, c’est mieux',
      'Tu as Snapchat ?',
    ],
    en: [
      "Let's talk on WhatsApp instead",
      'Add me on Instagram',
      'Are you on Telegram?',
      "What's app is easier for me",
      'Text me on Signal',
    ],
    nouchi: ['Viens on se parle sur wtsp', 'Mon watsap est ouvert'],
    nearMisses: [
      'Donne-moi un signal quand tu arrives',
      "C'est un signal fort pour notre avenir",
      'I took a quick snap of the sunset',
      'What app do you use for the Quran?',
      'Je ne suis sur aucune autre application',
    ],
  },
  crypto: {
    fr: [
      'Investis dans le bitcoin avec moi',
      'Je fais du forex, ça rapporte',
      'Une plateforme de trading sûre, rendement garanti',
      'Je peux doubler ton argent en une semaine',
      'Tu connais les cryptomonnaies ?',
      'Achète des USDT sur Binance',
    ],
    en: [
      'I can show you a great investment opportunity',
      'Invest in crypto, guaranteed returns',
      'My uncle trades Bitcoin, he can double your money',
      'Join my investment platform',
    ],
    nearMisses: [
      'Je veux investir dans notre avenir',
      'Invest in our future together, inshallah',
      'Le trader de mon père est à la retraite',
      'On fera des placements pour la maison plus tard',
      'Investir du temps dans une relation, c’est important',
    ],
  },
};

/** Ordinary words between people who want to marry: no rule at all. */
const INNOCENT = [
  "Salam, comment vas-tu aujourd'hui ?",
  "Je t'envoie une photo de ma famille",
  'Je prie pour toi, qu’Allah te protège',
  'Assalamu alaykum, how was your day?',
  'I work as a nurse at the hospital in Dakar',
  'Mes parents veulent te rencontrer après le Ramadan',
  'Tu préfères vivre à Abidjan ou à Dakar ?',
  'On se voit au mariage de ma cousine le 12 décembre',
  'Ça fait 2 ans que je cherche une épouse sérieuse',
  'Le Wax que tu portes sur ta photo est magnifique',
];

describe('the scam shield rules (ADR 043)', () => {
  it('has a row in the table for every rule, in French and English, with near-misses', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...SHIELD_RULES].sort());
    for (const cases of Object.values(TABLE)) {
      expect(cases.fr.length).toBeGreaterThan(0);
      expect(cases.en.length).toBeGreaterThan(0);
      expect(cases.nearMisses.length).toBeGreaterThan(0);
    }
  });

  for (const rule of SHIELD_RULES) {
    const cases = TABLE[rule];
    describe(rule, () => {
      for (const [language, texts] of [
        ['French', cases.fr],
        ['English', cases.en],
        ['Nouchi', cases.nouchi ?? []],
      ] as const) {
        it.each(texts)(`catches (${language}) %s`, (text) => {
          expect(classify(text)).toContain(rule);
        });
      }
      it.each(cases.nearMisses)('leaves alone the near-miss %s', (text) => {
        expect(classify(text)).not.toContain(rule);
      });
    });
  }

  it.each(INNOCENT)('finds nothing in %s', (text) => {
    expect(classify(text)).toEqual([]);
  });

  it('reads through accents, capitals, typographic apostrophes and spacing', () => {
    expect(foldText('ENVOIE‑MOI  L’ARGENT, Frère')).toBe("envoie-moi l'argent, frere");
    expect(classify('ENVOIE-MOI L’ARGENT')).toEqual(['money']);
    expect(classify('WHATSAPP')).toEqual(['other-app']);
    expect(classify('Frais de l’hôpital')).toEqual(['money']);
    // Full-width digits fold to plain ones (NFKD).
    expect(classify('０７ ０７ １２ ３４ ５６')).toEqual(['phone']);
  });

  it('finds several rules in one message, as bits in SHIELD_RULES order', () => {
    const text = 'Envoie 20 000 F sur Wave au 07 07 12 34 56 ou écris-moi sur WhatsApp';
    expect(classify(text)).toEqual(['money', 'phone', 'other-app']);
    const bits = shieldBits(text);
    expect(bits).toBe(SHIELD_BITS.money | SHIELD_BITS.phone | SHIELD_BITS['other-app']);
    expect(shieldRules(bits)).toEqual(['money', 'phone', 'other-app']);
    expect(shieldBits(null)).toBe(0);
    expect(shieldBits('')).toBe(0);
  });

  it('stays fast on the longest message a member may send', () => {
    const long = `${'salam '.repeat(300)}${'1 '.repeat(300)}`;
    const started = performance.now();
    for (let i = 0; i < 100; i += 1) shieldBits(long);
    // A 2,000-character message folded and read by every rule: well under a millisecond each.
    expect((performance.now() - started) / 100).toBeLessThan(2);
  });
});
