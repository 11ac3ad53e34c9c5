import './app/styles';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadSignedIn } from './app/signed-in';
import { cspNonce } from './app/theme';

// Modals lock scrolling with a <style> element of their own (react-remove-scroll): it carries the CSP nonce too.
setNonce(cspNonce());
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A deep link renders once its code is here (a failed load shows the page's error in place).
if (window.location.pathname === '/sign-in') render();
else preloadSignedIn().then(render, render);
