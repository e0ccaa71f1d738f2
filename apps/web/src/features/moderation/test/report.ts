import type { OpenReport } from '@mawadda/contract';

/** A report in the queue as the server sends it, for the moderation page's tests. */
const REPORT_ID = '00000000-0000-4000-8000-0000000000r1';
export const photos = ['/media/photos/karim-1.webp?s=a', '/media/photos/karim-2.webp?s=b'];

const threeHoursAgo = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();

export function aReport(overrides: Partial<OpenReport> = {}): OpenReport {
  return {
    id: REPORT_ID,
    priority: 'money',
    reviewState: 'open',
    assigneeId: null,
    reasons: ['asking-for-money'],
    note: 'He keeps asking for a transfer.',
    createdAt: threeHoursAgo,
    updatedAt: threeHoursAgo,
    // Names as the members typed them; the queue shows them as every screen does.
    reporter: { kind: 'member', id: 'amina', name: 'amina DIALLO', deleted: false },
    reported: {
      id: 'karim',
      name: 'KARIM benali',
      age: 31,
      gender: 'homme',
      location: 'Lyon, France',
      bio: 'Engineer, practising.',
      profession: 'Ingénieur, argent facile',
      photoUrls: photos,
      promptAnswers: [],
      voiceIntroductionUrl: null,
      standing: 'active',
      reporterCount: 2,
    },
    compliment: null,
    messages: [
      {
        uuid: 'm1',
        content: 'Send me money now',
        imageUrl: null,
        audioUrl: null,
        timestamp: new Date(Date.now() - 4 * 60 * 60 * 1000).toISOString(),
      },
      {
        uuid: 'm2',
        content: null,
        imageUrl: '/chat-media/images/receipt.webp?s=c',
        audioUrl: null,
        timestamp: new Date(Date.now() - 4 * 60 * 60 * 1000).toISOString(),
      },
      {
        uuid: 'm3',
        content: null,
        imageUrl: null,
        audioUrl: '/chat-media/voice/note.webm?s=d',
        timestamp: new Date(Date.now() - 4 * 60 * 60 * 1000).toISOString(),
      },
    ],
    ...overrides,
  };
}
