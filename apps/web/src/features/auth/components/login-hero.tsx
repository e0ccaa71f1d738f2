import { HeartHandshake, MessageCircleHeart, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/logo.tsx';
import { StarPattern } from '@/components/star-pattern.tsx';
import { HeroIllustration } from './artwork.tsx';

const points = [
  { key: 'serious', Icon: HeartHandshake },
  { key: 'respect', Icon: MessageCircleHeart },
  { key: 'values', Icon: ShieldCheck },
] as const;

/** The hero: a band above the form on a phone, the left half of the screen on a wide one. */
export function LoginHero() {
  const { t } = useTranslation('auth');
  return (
    <section
      aria-labelledby="login-hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-teal-800 to-teal-900 px-6 pt-5 pb-20 text-white lg:flex lg:min-h-dvh lg:flex-col lg:px-14 lg:py-10"
    >
      <StarPattern />
      <div className="relative flex min-h-11 items-center gap-2 font-display text-2xl">
        <LogoMark className="size-9" />
        <span aria-hidden="true">Mawadda</span>
      </div>
      <div className="relative mx-auto flex max-w-lg flex-col items-center text-center lg:my-auto lg:items-start lg:text-left">
        <HeroIllustration className="mt-2 w-44 sm:w-52 lg:mt-0 lg:w-80 lg:self-center" />
        <h1
          id="login-hero-title"
          className="mt-4 font-display text-3xl leading-tight text-balance sm:text-4xl lg:mt-8 lg:text-5xl"
        >
          {t('hero.title')}
        </h1>
        <p className="mt-3 max-w-md text-base text-pretty text-teal-100 sm:text-lg">
          {t('hero.subtitle')}
        </p>
        <ul className="mt-8 hidden flex-col gap-3 text-teal-50 lg:flex">
          {points.map(({ key, Icon }) => (
            <li key={key} className="flex items-center gap-3">
              <span className="inline-flex size-9 items-center justify-center rounded-full bg-white/10">
                <Icon aria-hidden="true" className="size-5 text-sand-200" />
              </span>
              {t(`hero.points.${key}`)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
