import { SuggestionsPage } from '../../features/discovery/components/suggestions-page.tsx';

export function Component() {
  return <SuggestionsPage />;
}
