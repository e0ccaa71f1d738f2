import { useNavigate } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { passOf, standingPass } from '@/lib/standing-pass.ts';

/**
 * A suspended or banned member's refused sign-in, by password or by Google, carries a pass
 * (ADR 076): it opens /standing, where they read the decision and may appeal it. Answers whether
 * the refusal was one; any other failure is the caller's to show.
 */
export function useOpenStanding() {
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  return (error: unknown): boolean => {
    const pass = error instanceof ApiError ? passOf(error.body) : undefined;
    if (!pass) return false;
    standingPass.set(pass);
    void navigate(localized('/standing'));
    return true;
  };
}
