/** The quiet eight-pointed-star lattice of the teal band. */
export function StarBand() {
  return (
    <div aria-hidden="true" className="absolute inset-x-0 top-0 h-72 overflow-hidden bg-teal-800">
      <svg aria-hidden="true" className="absolute inset-0 size-full">
        <defs>
          <pattern id="register-stars" width="56" height="56" patternUnits="userSpaceOnUse">
            <g fill="none" stroke="#fdfaf5" strokeOpacity="0.08" strokeWidth="1.2">
              <rect x="17" y="17" width="22" height="22" />
              <rect x="17" y="17" width="22" height="22" transform="rotate(45 28 28)" />
              <circle cx="0" cy="0" r="6" />
              <circle cx="56" cy="0" r="6" />
              <circle cx="0" cy="56" r="6" />
              <circle cx="56" cy="56" r="6" />
            </g>
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="url(#register-stars)" />
      </svg>
    </div>
  );
}
