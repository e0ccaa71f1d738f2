import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataSaver } from '@/lib/data-saver.ts';
import { dropEarlyAnswers } from '@/lib/early-answers.ts';
import { session } from '@/lib/session.ts';
import { fetchPreferences, fetchSuggestions } from './discovery-api.ts';
import { askSuggestionsEarly } from './early-suggestions.ts';

const PHOTO = '/media/photos/aminata-1080.webp?m=1';

function answerPage(mediaUrls: string[]) {
  const member = { id: 'm1', name: 'Aminata', mediaUrls };
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ content: [member], page: 0, size: 100 }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The addresses asked for, in order. */
const asked = (fetchMock: ReturnType<typeof answerPage>) =>
  fetchMock.mock.calls.map((call: unknown[]) => String(call[0]));

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];

afterEach(() => {
  vi.unstubAllGlobals();
  for (const link of preloads()) link.remove();
  localStorage.removeItem('dataSaver');
  dataSaver.reset();
  dropEarlyAnswers();
  session.end();
});

describe('the first page of suggestions asked for before the app loaded (ADR 054)', () => {
  it('is the page the suggestions screen reads first: the member’s phone asks once', async () => {
    session.start('token');
    const fetchMock = answerPage([PHOTO]);
    askSuggestionsEarly('token');
    const page = await fetchSuggestions(0);
    expect(page.content[0]?.name).toBe('Aminata');
    expect(asked(fetchMock).filter((path) => path.startsWith('/api/users/suggestions'))).toEqual([
      '/api/users/suggestions?page=0&size=100',
    ]);
  });

  it('asks for the filters too, whose summary shows with the cards (ADR 055), once', async () => {
    session.start('token');
    const fetchMock = answerPage([PHOTO]);
    askSuggestionsEarly('token');
    await fetchPreferences();
    await fetchSuggestions(0);
    expect(asked(fetchMock)).toEqual([
      '/api/users/suggestions?page=0&size=100',
      '/api/users/preferences',
    ]);
  });

  it('brings the first card’s photo at once, in the sizes its picture chooses from', async () => {
    answerPage([PHOTO]);
    askSuggestionsEarly('token');
    await vi.waitFor(() => expect(preloads()).toHaveLength(1));
    const [link] = preloads();
    expect(link?.as).toBe('image');
    expect(link?.type).toBe('image/avif');
    expect(link?.imageSrcset).toContain('/media/photos/aminata-480.avif?m=1 480w');
    expect(link?.imageSizes).toContain('calc((100vw - 44px) / 2)');
  });

  it('brings a blurred photo (one file) as it is', async () => {
    answerPage(['/media/photos/aminata-blurred.webp?m=1']);
    askSuggestionsEarly('token');
    await vi.waitFor(() => expect(preloads()).toHaveLength(1));
    expect(preloads()[0]?.getAttribute('href')).toBe('/media/photos/aminata-blurred.webp?m=1');
  });

  it('fetches no photo ahead in data saver', async () => {
    localStorage.setItem('dataSaver', 'on');
    const fetchMock = answerPage([PHOTO]);
    askSuggestionsEarly('token');
    session.start('token');
    await fetchSuggestions(0);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(preloads()).toHaveLength(0);
    expect(asked(fetchMock)).toEqual([
      '/api/users/suggestions?page=0&size=100',
      '/api/users/preferences',
    ]);
  });
});
