import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

type Tone = 'error' | 'success' | 'info';

const tones: Record<Tone, string> = {
  error: 'border-danger/30 bg-red-50 text-danger',
  success: 'border-success/30 bg-emerald-50 text-success',
  info: 'border-teal-600/20 bg-teal-50 text-teal-900',
};

/** Errors interrupt (role=alert); successes and notes are polite (role=status). */
export function Alert({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-xl border px-4 py-3 text-sm font-medium', tones[tone])}
    >
      {children}
    </div>
  );
}
