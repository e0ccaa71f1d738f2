/**
 * What index.html paints before any JavaScript (the brand on the app's colours), kept on screen
 * while the first route's chunk loads: without it the router renders nothing in between and
 * the page goes blank on a slow network.
 */
export function BrandSplash() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-sand-50">
      <p className="m-0 font-display text-[2rem] font-semibold tracking-[0.01em] text-teal-700">
        Mawadda
      </p>
    </div>
  );
}
