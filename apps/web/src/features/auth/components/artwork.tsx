import { useSvgId } from '@/hooks/use-svg-id.ts';

/**
 * The login hero: a night sky seen through an arch, a crescent, two rings and a heart. Drawn,
 * not photographed: no real person stands for the members.
 */
export function HeroIllustration({ className = '' }: { className?: string }) {
  const uid = useSvgId();
  const sky = `${uid}-sky`;
  const gold = `${uid}-gold`;
  const clip = `${uid}-arch`;
  const arch = 'M72 268V132C72 78 160 34 160 34s88 44 88 98v136z';
  const sparkle = 'M0-7 1.6-1.6 7 0 1.6 1.6 0 7-1.6 1.6-7 0-1.6-1.6z';
  return (
    <svg viewBox="0 0 320 280" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id={sky} x1="0" y1="34" x2="0" y2="268" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#062f2c" />
          <stop offset="0.65" stopColor="#0f766e" />
          <stop offset="1" stopColor="#3f9c8f" />
        </linearGradient>
        <linearGradient id={gold} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f8e2ac" />
          <stop offset="1" stopColor="#c8953c" />
        </linearGradient>
        <clipPath id={clip}>
          <path d={arch} />
        </clipPath>
      </defs>
      <circle cx="160" cy="150" r="132" fill="#fdfaf5" opacity="0.05" />
      <circle cx="160" cy="150" r="104" fill="#fdfaf5" opacity="0.05" />
      <path
        d="M58 272V130C58 68 160 18 160 18s102 50 102 112v142"
        fill="none"
        stroke="#efe2cc"
        strokeOpacity="0.35"
        strokeWidth="2"
      />
      <path d={arch} fill={`url(#${sky})`} />
      <g clipPath={`url(#${clip})`}>
        <g fill="#fdfaf5">
          <path d={sparkle} transform="translate(118 92)" opacity="0.9" />
          <path d={sparkle} transform="translate(150 70) scale(.6)" opacity="0.7" />
          <path d={sparkle} transform="translate(104 140) scale(.5)" opacity="0.6" />
          <circle cx="136" cy="116" r="1.6" opacity="0.8" />
          <circle cx="226" cy="150" r="1.4" opacity="0.7" />
          <circle cx="96" cy="178" r="1.2" opacity="0.6" />
          <circle cx="178" cy="60" r="1.3" opacity="0.7" />
        </g>
        <circle cx="200" cy="100" r="21" fill={`url(#${gold})`} />
        <circle cx="209" cy="93" r="18" fill={`url(#${sky})`} />
        <path d="M40 236q70-34 150-8t130-6v60H40z" fill="#e2cda9" />
        <path d="M40 252q100-30 250-4v34H40z" fill="#efe2cc" />
      </g>
      <path d={arch} fill="none" stroke="#f8f1e6" strokeWidth="5" />
      <g fill="none" stroke={`url(#${gold})`} strokeWidth="7">
        <circle cx="146" cy="212" r="22" />
        <circle cx="176" cy="212" r="22" />
      </g>
      <path
        d="M161 176c-9-7-18-13-18-22a9 9 0 0 1 18-4 9 9 0 0 1 18 4c0 9-9 15-18 22z"
        fill="#e11d48"
      />
    </svg>
  );
}
