import type { LikeKind } from '@mawadda/contract';
import { MATCH_VIBRATION_MS } from '@mawadda/contract/constants';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/** Whom a like went to: enough to name them in the messages. */
export type LikeTarget = { id: string; name: string };

/** A like or a Lovely that failed: why, as a key of the `like` or `lovely` section of texts. */
export type LikeFailure = {
  key: 'dailyLimit' | 'unavailable' | 'network' | 'failed';
  kind: LikeKind;
};

type LikeFeedback = {
  failure: LikeFailure | null;
  /** Members whose card is shaking (docs/spec.md §4: a mutual like vibrates the card for 1 s). */
  vibrating: ReadonlySet<string>;
  celebrate: (member: LikeTarget) => void;
  fail: (failure: LikeFailure) => void;
  dismissFailure: () => void;
};

const EMPTY: ReadonlySet<string> = new Set();
const Context = createContext<LikeFeedback | null>(null);

/**
 * Holds the failure messages and the shaking cards of one screen, or of one profile dialog (its
 * own, so a like there is told there only, and forgotten when the dialog closes). A match itself
 * is shown over the whole app (lib/match-moment.ts).
 */
export function LikeFeedbackProvider({ children }: { children: ReactNode }) {
  const [failure, setFailure] = useState<LikeFailure | null>(null);
  const [vibrating, setVibrating] = useState<ReadonlySet<string>>(EMPTY);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const celebrate = useCallback((member: LikeTarget) => {
    setFailure(null);
    setVibrating((current) => new Set([...current, member.id]));
    // Phones that can vibrate do, briefly; the others (and iOS) only show it.
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
      navigator.vibrate(200);
    }
    const previous = timers.current.get(member.id);
    if (previous) clearTimeout(previous);
    timers.current.set(
      member.id,
      setTimeout(() => {
        timers.current.delete(member.id);
        setVibrating((current) => {
          const next = new Set(current);
          next.delete(member.id);
          return next;
        });
      }, MATCH_VIBRATION_MS),
    );
  }, []);

  const fail = useCallback((next: LikeFailure) => setFailure(next), []);
  const dismissFailure = useCallback(() => setFailure(null), []);

  const value = useMemo(
    () => ({ failure, vibrating, celebrate, fail, dismissFailure }),
    [failure, vibrating, celebrate, fail, dismissFailure],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useLikeFeedback(): LikeFeedback {
  const value = useContext(Context);
  if (!value) throw new Error('useLikeFeedback needs a LikeFeedbackProvider');
  return value;
}

/** The members whose card shakes in this scope (a match made here). */
export function useShaking(): ReadonlySet<string> {
  return useLikeFeedback().vibrating;
}
