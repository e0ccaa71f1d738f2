import { E, type ErrorCode, errorText } from '@mawadda/contract';

/**
 * A frame refused: an ERROR frame whose `code` header is the contract's code, the one thing the
 * client acts on and translates, whose `message` header is that code's English text, and whose
 * body says what was wrong in English, for the developer reading the socket (`detail`, when the
 * code is as broad as `REALTIME_FRAME_INVALID`).
 */
export class BrokerRefusal extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, detail?: string) {
    super(detail ?? errorText(code));
    this.code = code;
  }
}

/** A frame that breaks the protocol or a destination's rules, and what is wrong with it. */
export const invalidFrame = (detail: string) => new BrokerRefusal(E.REALTIME_FRAME_INVALID, detail);

/** A SEND's JSON body; anything else is refused. */
export function jsonBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw invalidFrame('The body must be JSON');
  }
}
