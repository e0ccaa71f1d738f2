import type { Contact, LikeEntry, UserSummary } from '@mawadda/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemberSafetyMenu } from '@/components/members/member-safety-menu.tsx';
import type { SuggestionsPage } from '@/features/discovery/api/discovery-api.ts';
import { chatKeys, discoveryKeys, likesKeys } from '@/lib/query-keys.ts';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { SafetyDialogsProvider, useSafetyDialogs } from './safety-dialogs.tsx';

const ME = 'me-1';
const AWA = { id: 'awa-2', name: 'Awa Diop' };

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem('currentUser', JSON.stringify({ id: ME, name: 'Moussa', mediaUrls: [] }));
});

/** A member screen with Awa's menu, as the chat header and the profile page have it. */
function Screen({ matched = false }: { matched?: boolean }) {
  const safety = useSafetyDialogs();
  const { pathname, search } = useLocation();
  return (
    <main>
      <p>At {pathname + search}</p>
      {safety ? <MemberSafetyMenu safety={safety} member={AWA} matched={matched} /> : null}
    </main>
  );
}

const contact = (id: string): Contact => ({
  id,
  name: id,
  mediaUrls: [],
  photosBlurred: false,
  verified: false,
  online: false,
  unreadCount: 0,
  lastMessageTime: null,
  lastMessage: null,
  matched: true,
  matchEnded: false,
  deleted: false,
});
const summary = (id: string) => ({ id, name: id }) as UserSummary;

async function choose(item: string, menu = 'More actions for Awa Diop') {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: menu }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  // The dialogs' chunk is imported on the first opening: slower than the rest here.
  return { user, dialog: await screen.findByRole('dialog', {}, { timeout: 5000 }) };
}

describe('the safety dialogs over the member screens', () => {
  it('block from a conversation: the member leaves every list at once and the chat goes back to the list', async () => {
    mockEndpoints({ block: { body: { message: 'Blocked' } } });
    const { queryClient } = await renderScreen(
      <SafetyDialogsProvider>
        <Screen />
      </SafetyDialogsProvider>,
      { route: '/fr/chat?userId=awa-2', path: '/fr/chat', language: 'fr' },
    );
    queryClient.setQueryData(chatKeys.contacts(ME), [contact('awa-2'), contact('omar-3')]);
    queryClient.setQueryData(likesKeys.list(ME), [{ id: 'awa-2' } as LikeEntry]);
    queryClient.setQueryData<InfiniteData<SuggestionsPage>>(discoveryKeys.suggestions(), {
      pages: [{ content: [summary('omar-3'), summary('awa-2')], page: 0, size: 20 }],
      pageParams: [0],
    });

    const { user, dialog } = await choose('Bloquer', "Plus d'actions pour Awa Diop");
    expect(dialog).toHaveAccessibleName('Bloquer Awa Diop ?');
    await user.click(within(dialog).getByRole('button', { name: 'Bloquer' }));

    await screen.findByText('At /fr/chat');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(queryClient.getQueryData<Contact[]>(chatKeys.contacts(ME))?.map((c) => c.id)).toEqual([
      'omar-3',
    ]);
    expect(queryClient.getQueryData(likesKeys.list(ME))).toEqual([]);
    expect(
      queryClient
        .getQueryData<InfiniteData<SuggestionsPage>>(discoveryKeys.suggestions())
        ?.pages[0]?.content.map((m) => m.id),
    ).toEqual(['omar-3']);
  });

  it('block from their profile goes back to the suggestions', async () => {
    mockEndpoints({ block: { body: { message: 'Blocked' } } });
    await renderScreen(
      <SafetyDialogsProvider>
        <Screen />
      </SafetyDialogsProvider>,
      { route: '/user-details/awa-2', path: '/user-details/:id' },
    );
    const { user, dialog } = await choose('Block');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await screen.findByRole('heading', { name: 'Screen /suggestions' });
  });

  it('report, then block from the report: the same leaving', async () => {
    mockEndpoints({
      report: { status: 201, body: { id: 'r-1' } },
      block: { body: { message: 'Blocked' } },
    });
    await renderScreen(
      <SafetyDialogsProvider>
        <Screen />
      </SafetyDialogsProvider>,
      { route: '/user-details/awa-2', path: '/user-details/:id' },
    );
    const { user, dialog } = await choose('Report');
    expect(dialog).toHaveAccessibleName('Report Awa Diop');
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or hate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Block Awa Diop' }));
    await screen.findByRole('heading', { name: 'Screen /suggestions' });
  });

  it('offers to unmatch a match only, and stays on the conversation after', async () => {
    mockEndpoints({ unmatch: { body: { message: 'Unmatched' } } });
    const { unmount } = await renderScreen(
      <SafetyDialogsProvider>
        <Screen />
      </SafetyDialogsProvider>,
      { route: '/chat?userId=awa-2', path: '/chat' },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More actions for Awa Diop' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Report',
      'Block',
    ]);
    unmount();

    await renderScreen(
      <SafetyDialogsProvider>
        <Screen matched />
      </SafetyDialogsProvider>,
      { route: '/chat?userId=awa-2', path: '/chat' },
    );
    const { dialog } = await choose('Unmatch');
    expect(dialog).toHaveAccessibleName('Unmatch Awa Diop?');
    await user.click(within(dialog).getByRole('button', { name: 'Unmatch' }));
    await screen.findByText('At /chat?userId=awa-2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
