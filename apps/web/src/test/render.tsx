import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, type RenderResult, render, screen } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type NavigationType,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { afterEach, vi } from 'vitest';
import { addElision } from '@/i18n/elision.ts';
import { addErrorTexts, firstRouteBackend, type Language } from '@/i18n/i18n.ts';

export type TestLanguage = Language;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

// jsdom leaves these out; the screens call them.
window.scrollTo = () => {};
URL.createObjectURL ??= () => 'blob:preview';
URL.revokeObjectURL ??= () => {};

/** An i18next instance of its own, with the bundled translations, in one language. */
export async function createTestI18n(language: TestLanguage = 'en'): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(firstRouteBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      preload: ['en', 'fr'],
      fallbackLng: 'en',
      ns: ['common', 'auth', 'errors'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
    });
  addElision(instance);
  await Promise.all([addErrorTexts(instance, 'en'), addErrorTexts(instance, 'fr')]);
  document.documentElement.lang = language;
  return instance;
}

/**
 * What a test reads of the router it renders under (`element` goes inside it): the address as
 * the member's address bar would show it, how it was reached, and a navigation from outside the
 * screen (a notification's click).
 */
export function routerProbe() {
  const probe = {
    location: undefined as unknown as Location,
    action: undefined as unknown as NavigationType,
    navigate: undefined as unknown as NavigateFunction,
    element: null as unknown as ReactElement,
  };
  function Probe() {
    probe.location = useLocation();
    probe.action = useNavigationType();
    probe.navigate = useNavigate();
    return null;
  }
  probe.element = <Probe />;
  return probe;
}

/** Shows where the app went, as a member would see the next screen's title. */
function Destination() {
  const location = useLocation();
  return (
    <main>
      <h1>Screen {location.pathname}</h1>
      <output aria-label="Navigation state">{JSON.stringify(location.state ?? null)}</output>
    </main>
  );
}

/**
 * Renders a screen as the app does: translations in `language`, a fresh query client, and a
 * router at `route` where `path` matches the screen; any other path shows "Screen <path>".
 */
export async function renderScreen(
  ui: ReactElement,
  {
    language = 'en',
    route = '/',
    path,
  }: {
    language?: TestLanguage;
    route?: string | { pathname: string; state?: unknown };
    path?: string;
  } = {},
): Promise<RenderResult & { i18n: I18n; queryClient: QueryClient }> {
  const i18n = await createTestI18n(language);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const routePath = path ?? (typeof route === 'string' ? route : route.pathname);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={routePath} element={ui} />
            <Route path="*" element={<Destination />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, i18n, queryClient };
}

export { screen };
