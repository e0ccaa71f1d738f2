import { MemberAreaPlaceholder } from '../../components/member-area-placeholder.tsx';

export function Component() {
  return <MemberAreaPlaceholder titleKey="screens.suggestions" />;
}
