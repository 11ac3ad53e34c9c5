import './app/styles';
import { setNonce } from 'get-nonce';
import { type ReactNode, StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage } from './app/router';
import { cspNonce } from './app/theme';

// Modals lock scrolling with a <style> element of their own (react-remove-scroll): it carries the CSP nonce too.
setNonce(cspNonce());
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
/** index.html's placeholder goes in the commit that first shows the app: layout effects run before that paint. */
function InPlaceOfPlaceholder({ children }: { children: ReactNode }) {
  useLayoutEffect(() => document.getElementById('boot')?.remove(), []);
  return children;
}
// The first page's code is fetched beside the entry and rendered when here: no loader flashes before the first page.
// As a transition, the first render yields to the browser every few milliseconds instead of holding the main thread
// for the whole tree (index.html's placeholder stays painted meanwhile).
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <InPlaceOfPlaceholder>
          <App />
        </InPlaceOfPlaceholder>
      </StrictMode>,
    ),
  );
preloadPage(window.location.pathname).then(render, render);
