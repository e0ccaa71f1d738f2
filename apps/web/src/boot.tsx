/**
 * The app: started by the entry (main.tsx) once the early requests are on their way.
 */
import { setNonce } from 'get-nonce';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from '@/app/provider.tsx';
import { AppRoutes, loadScreens } from '@/app/router.tsx';
import { initI18n } from '@/i18n/i18n.ts';

// Dialogs lock the page's scroll with a <style> they add at run time: the Content-Security-Policy
// lets it in by this response's nonce (set by the server, apps/server/src/plugins/web-app.ts).
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce && !nonce.startsWith('%')) setNonce(nonce);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// Rendered once the language's texts and the address's screens are here (no top-level await: it
// splits the entry's chunk), so that nothing suspends the first render (router.tsx). As a
// transition, React draws it in slices, giving the phone's main thread back between them (a tap
// or a paint need not wait for the whole screen); the brand index.html painted stays meanwhile
// (ADR 058). A screen that will not load is drawn anyway: its error shows on the root error screen.
const screens = loadScreens(window.location.pathname).catch(() => undefined);
void Promise.all([initI18n(), screens]).then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProvider>
      </StrictMode>,
    ),
  );
});
