import type { PromptAnswer } from '@mawadda/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { promptAnswers } from '../db/schema.ts';
import type { ShownTexts } from './member-texts.ts';

/** A member's answers to profile prompts, in their order (ADR 072). */
export async function listPromptAnswers(db: Executor, memberId: string): Promise<PromptAnswer[]> {
  return db
    .select({ prompt: promptAnswers.prompt, answer: promptAnswers.answer })
    .from(promptAnswers)
    .where(eq(promptAnswers.memberId, memberId))
    .orderBy(asc(promptAnswers.position));
}

/** The member's answers become these, in this order: the edit sends them all (ADR 072). */
export async function replacePromptAnswers(
  tx: Executor,
  memberId: string,
  answers: readonly PromptAnswer[],
): Promise<void> {
  await tx.delete(promptAnswers).where(eq(promptAnswers.memberId, memberId));
  if (answers.length === 0) return;
  await tx
    .insert(promptAnswers)
    .values(
      answers.map((a, position) => ({ memberId, prompt: a.prompt, answer: a.answer, position })),
    );
}

/**
 * Removes one answer (a moderator's action); the others keep their order, with a gap the next
 * edit closes. Answers whether there was one.
 */
export async function removePromptAnswer(
  tx: Executor,
  memberId: string,
  prompt: PromptAnswer['prompt'],
): Promise<boolean> {
  const removed = await tx
    .delete(promptAnswers)
    .where(and(eq(promptAnswers.memberId, memberId), eq(promptAnswers.prompt, prompt)))
    .returning({ prompt: promptAnswers.prompt });
  return removed.length > 0;
}

/**
 * The answers as texts a member shows others (core/member-texts.ts), each at the form's path of
 * its answer, so a new account's number is refused at the answer that holds it (ADR 043).
 */
export function promptTexts(answers: readonly PromptAnswer[] | undefined): ShownTexts {
  return Object.fromEntries((answers ?? []).map((a, i) => [`promptAnswers.${i}.answer`, a.answer]));
}
