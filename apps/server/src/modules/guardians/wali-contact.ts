import type { Message, WaliAnswer } from '@mawadda/contract';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { GuardiansContext } from './guardians-context.ts';
import { closeWaliRequest, openWaliRequest, pairOpen } from './wali.repository.ts';

/**
 * "Ask for the wali's contact": under the rule of who may write (the question is the asker's
 * act) and, to someone not in conversation yet, the day's new conversations (429), one open
 * request per pair; the question is a line in the conversation, published to both once stored.
 */
export async function askWali(
  ctx: GuardiansContext,
  askerId: string,
  otherId: string,
): Promise<Message> {
  await ctx.whoMayWrite.assertMayWrite(askerId, otherId);
  const notice = await ctx.firstContacts.counted(
    askerId,
    otherId,
    () =>
      ctx.db.transaction(async (tx) => {
        if (!(await openWaliRequest(tx, askerId, otherId, ctx.clock.now()))) {
          throw new HttpError(409, 'WALI_REQUEST_PENDING');
        }
        return ctx.chat.writeNotice(askerId, otherId, 'wali-asked', tx);
      }),
    (asked) => asked.sentAt,
  );
  await notice.publish();
  return notice.message;
}

/**
 * The answer of the member asked: declined, or the contact they type (their guardian's name and
 * relation, a phone number if they want); a line in the conversation either way. No request
 * open, or the pair ended since (a block, an unmatch, an account gone): refused.
 */
export async function answerWali(
  ctx: GuardiansContext,
  answererId: string,
  askerId: string,
  answer: WaliAnswer,
): Promise<Message> {
  if (!(await pairOpen(ctx.db, answererId, askerId))) throw notFound('MEMBER_NOT_FOUND');
  // The contact is the answerer's text like a message (ADR 043): a new account shares no number;
  // the shield flags the typed name for the asker, not the number, which is what the asker asked
  // for.
  let shield = 0;
  if (answer.accept) {
    await ctx.memberTexts.check(answererId, { name: answer.name, phone: answer.phone });
    shield = ctx.memberTexts.read(answer.name);
  }
  const notice = await ctx.db.transaction(async (tx) => {
    if (!(await closeWaliRequest(tx, askerId, answererId, ctx.clock.now()))) {
      throw notFound('WALI_REQUEST_NONE');
    }
    return answer.accept
      ? ctx.chat.writeNotice(
          answererId,
          askerId,
          'wali-shared',
          tx,
          JSON.stringify({
            name: answer.name,
            relation: answer.relation,
            phone: answer.phone ?? null,
          }),
          shield,
        )
      : ctx.chat.writeNotice(answererId, askerId, 'wali-declined', tx);
  });
  await notice.publish();
  return notice.message;
}
