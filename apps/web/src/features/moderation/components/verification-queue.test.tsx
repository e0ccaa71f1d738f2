import type { VerificationQueueItem } from '@mawadda/contract';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { signInModerator } from '../test/moderator.ts';
import { ModerationPage } from './moderation-page.tsx';

const REQUEST_ID = '00000000-0000-4000-8000-0000000000v1';

function aRequest(overrides: Partial<VerificationQueueItem> = {}): VerificationQueueItem {
  return {
    id: REQUEST_ID,
    trigger: 'member',
    pose: 'two-fingers',
    submittedAt: new Date().toISOString(),
    selfieUrl: '/verification-selfies/selfie/s1.webp?m=mod&e=1&s=x',
    member: {
      id: 'omar',
      name: 'omar FALL',
      age: 33,
      photoUrls: ['/media/photos/omar-1.webp?s=a', '/media/photos/omar-2.webp?s=b'],
      verified: false,
    },
    duplicateOf: null,
    ...overrides,
  };
}

beforeEach(signInModerator);

function serve(items: VerificationQueueItem[]) {
  const sent: unknown[] = [];
  mockEndpoints({
    moderationQueue: { body: [] },
    verificationQueue: { body: items },
    verificationDecision: ({ body }) => {
      sent.push(body);
      return { body: { message: 'Done' } };
    },
  });
  return sent;
}

async function openTab() {
  await renderScreen(<ModerationPage />, { route: '/moderation' });
  const person = userEvent.setup();
  await person.click(await screen.findByRole('tab', { name: 'Verifications' }));
  return person;
}

describe('the verification queue', () => {
  it('shows the pose asked, the selfie and the profile photos side by side, then approves', async () => {
    const sent = serve([aRequest()]);
    const person = await openTab();
    expect(screen.getByRole('tab', { name: 'Verifications' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const card = await screen.findByRole('article', { name: 'Omar Fall, 33' });
    expect(within(card).getByTestId('pose-asked')).toHaveTextContent(
      'Show two fingers (a V) beside your face',
    );
    expect(
      within(card).getByRole('img', { name: 'Verification selfie of Omar Fall' }),
    ).toHaveAttribute('src', aRequest().selfieUrl);
    expect(within(card).getAllByRole('img', { name: /^Photo \d of Omar Fall$/ })).toHaveLength(2);
    // Refusing needs a reason: the button waits for one.
    expect(within(card).getByRole('button', { name: 'Refuse' })).toBeDisabled();
    await person.click(within(card).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(sent).toEqual([{ decision: 'approve' }]));
    await screen.findByText('Omar Fall is verified.');
    expect(screen.queryByRole('article', { name: 'Omar Fall, 33' })).toBeNull();
  });

  it('warns of a selfie another account sent, and refuses with the reason chosen', async () => {
    const sent = serve([
      aRequest({
        duplicateOf: {
          memberId: 'other',
          // As typed: shown as every screen shows a name.
          name: 'awa NDIAYE',
          selfieUrl: '/verification-selfies/selfie/s0.webp?m=mod&e=1&s=y',
          distance: 3,
        },
      }),
    ]);
    const person = await openTab();
    const card = await screen.findByRole('article', { name: 'Omar Fall, 33' });
    expect(card).toHaveTextContent(
      'This selfie looks like the one Awa Ndiaye sent from another account.',
    );
    expect(within(card).getByRole('img', { name: 'The selfie Awa Ndiaye sent' })).toBeVisible();
    await person.click(within(card).getByRole('radio', { name: 'Not the same person' }));
    await person.click(within(card).getByRole('button', { name: 'Refuse' }));
    await vi.waitFor(() =>
      expect(sent).toEqual([{ decision: 'refuse', reason: 'not-same-person' }]),
    );
    await screen.findByText('Omar Fall’s selfie was refused.');
  });
});
