import { useState } from 'react';
import { callApi, NetworkError } from '@/lib/api-client.ts';
import { isMemberGone } from '@/lib/member-gone.ts';

export type OpenProblem = 'gone' | 'network' | 'failed';

/**
 * Opening an entry of the list (docs/spec.md §4 and §8): the member's profile is asked for first,
 * so a member who no longer exists (404, or an id the server refuses) gives the spec's alert here
 * instead of a dead page. `onOpen` then goes to their page; `onGone` drops the entry.
 */
export function useOpenMember({
  onOpen,
  onGone,
}: {
  onOpen: (id: string) => void;
  onGone: (id: string) => void;
}) {
  const [opening, setOpening] = useState<string | null>(null);
  const [problem, setProblem] = useState<OpenProblem | null>(null);

  const open = async (id: string) => {
    if (opening) return;
    setProblem(null);
    setOpening(id);
    try {
      await callApi('memberDetails', { params: { id } });
    } catch (error) {
      setOpening(null);
      if (isMemberGone(error)) {
        onGone(id);
        setProblem('gone');
      } else {
        setProblem(error instanceof NetworkError ? 'network' : 'failed');
      }
      return;
    }
    setOpening(null);
    onOpen(id);
  };

  return { open, opening, problem, dismissProblem: () => setProblem(null) };
}
