import { z } from 'zod';
import { optionalField } from './form-fields.ts';

export const CHAT_MESSAGE_MAX_LENGTH = 4000;

export const contactSchema = z.object({
  id: z.string(),
  name: z.string(),
  mediaUrls: z.array(z.string()),
  online: z.boolean(),
  unreadCount: z.number().int(),
  lastMessageTime: z.iso.datetime().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

export const messageSchema = z.object({
  uuid: z.string(),
  senderId: z.string(),
  content: z.string().nullable(),
  imageUrl: z.string().nullable(),
  audioUrl: z.string().nullable(),
  timestamp: z.iso.datetime(),
  isRead: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * POST /api/chat/send/{userId} fields; `image` and `audio` travel as files. The client-made
 * `uuid` makes a retried send idempotent.
 */
export const chatSendFieldsSchema = z.object({
  uuid: optionalField(z.uuid({ error: 'uuid must be a UUID' })),
  content: optionalField(
    z
      .string()
      .max(CHAT_MESSAGE_MAX_LENGTH, `A message is at most ${CHAT_MESSAGE_MAX_LENGTH} characters`),
  ),
});
export type ChatSendFields = z.infer<typeof chatSendFieldsSchema>;
