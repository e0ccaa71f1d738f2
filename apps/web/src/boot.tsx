/**
 * The app: started by the entry (main.tsx) once the early requests are on their way.
 */
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from '@/app/provider.tsx';
import { createAppRouter } from '@/app/router.tsx';
import { initI18n } from '@/i18n/i18n.ts';

// Dialogs lock the page's scroll with a <style> they add at run time: the Content-Security-Policy
// lets it in by this response's nonce (set by the server, apps/server/src/plugins/web-app.ts).
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce && !nonce.startsWith('%')) setNonce(nonce);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const texts = initI18n();
// Made while the texts load (the router starts fetching the route's chunk at once), in a task
// after this chunk's evaluation and i18next's start: together they held a phone's main thread
// for a tenth of a second (ADR 056). Rendered once the language's texts are here (no top-level
// await: it splits the entry's chunk).
setTimeout(() => {
  const router = createAppRouter();
  void texts.then(() =>
    createRoot(container).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  );
});
