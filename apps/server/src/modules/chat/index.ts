/** The chat module's public face: conversations, messages, and the gift message payments write. */

export { chatModule } from './chat.module.ts';
export type { ChatService } from './chat.service.ts';
export type { GiftMessage } from './gift-message.ts';
export type { NewMessageNotice } from './message-view.ts';
