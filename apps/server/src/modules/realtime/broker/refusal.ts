import { E, type ErrorCode, type ErrorParams, errorText } from '@mawadda/contract';

/**
 * A frame refused: an ERROR frame whose `code` header is the contract's code, the one thing the
 * client acts on and translates, with the numbers its text needs (`params`, JSON in a header of
 * that name, as an HTTP refusal's body has them), whose `message` header is that code's English
 * text, and whose body says what was wrong in English, for the developer reading the socket
 * (`detail`, when the code is as broad as `REALTIME_FRAME_INVALID`).
 */
export class BrokerRefusal extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;
  constructor(code: ErrorCode, detail?: string, params?: ErrorParams) {
    super(detail ?? errorText(code, params));
    this.code = code;
    this.params = params;
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
