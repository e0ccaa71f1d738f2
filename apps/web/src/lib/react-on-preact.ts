// The app is written against React's API and runs on Preact's compatibility layer (ADR 050):
// react-on-preact.aliases.ts sends every `react` import here. preact/compat has all that React 19
// gives us but `useOptimistic`, which react-router's RouterProvider calls on every render; its
// setter only runs when the router is given `useTransitions`, which this app never does, so the
// state as is serves.
export * from 'preact/compat';
export { default } from 'preact/compat';

export function useOptimistic<State>(state: State): [State, (update: unknown) => void] {
  return [state, () => {}];
}
