// The app is written against React's API and runs on Preact's compatibility layer (ADR 050):
// react-on-preact.aliases.ts sends every `react` import here. preact/compat has all that React 19
// gives us but `useOptimistic`, which react-router's RouterProvider calls on every render; its
// setter only runs when the router is given `useTransitions`, which this app never does, so the
// state as is serves. JavaScript: Preact's compat types are an `export =` that TypeScript will
// not re-export, and our code is typed by @types/react anyway.
export * from 'preact/compat';
export { default } from 'preact/compat';

/** @template State @param {State} state @returns {[State, (update: unknown) => void]} */
export function useOptimistic(state) {
  return [state, () => {}];
}
