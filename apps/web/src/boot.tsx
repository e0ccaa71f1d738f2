/**
 * The app: started by the entry (main.tsx) once the early requests are on their way.
 */
import { setNonce } from 'get-nonce';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from '@/app/provider.tsx';
import { AppRoutes } from '@/app/router.tsx';
import { initI18n } from '@/i18n/i18n.ts';

// Dialogs lock the page's scroll with a <style> they add at run time: the Content-Security-Policy
// lets it in by this response's nonce (set by the server, apps/server/src/plugins/web-app.ts).
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce && !nonce.startsWith('%')) setNonce(nonce);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// Rendered once the language's texts are here (no top-level await: it splits the entry's chunk).
// As a transition, React draws the first screen in slices, giving the phone's main thread back
// between them (a tap or a paint need not wait for the whole screen), and keeps the brand that
// index.html painted until the screen is ready (ADR 058).
void initI18n().then(() => {
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
