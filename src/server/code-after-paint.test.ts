// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCodeAfterFirstPaint } from './code-after-paint';

/** A built page as index.html has it: the placeholder, the inert code, the root. */
const PAGE = `<div id="boot"><h1>Payout Console</h1></div><template id="code"><link rel="stylesheet" crossorigin href="/assets/app.css"><script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/react.js"></template><div id="root"></div>`;

/** Stands in for the browser's paint timing: the test says when the first contentful paint is reported. */
class PaintObserver {
  static supportedEntryTypes = ['paint'];
  static latest: PaintObserver | null = null;
  disconnected = false;
  constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
    PaintObserver.latest = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  report(name: string) {
    if (!this.disconnected)
      this.callback({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) });
  }
}

const liveStylesheet = () => document.body.querySelector<HTMLLinkElement>(':scope > link[rel="stylesheet"]');
const liveScript = () => document.head.querySelector<HTMLScriptElement>('script[type="module"]');
const headPreloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = PAGE;
  setVisibility('visible');
  vi.stubGlobal('PerformanceObserver', PaintObserver);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the code after the first paint', () => {
  it('stays inert until the first contentful paint is reported, then goes live', async () => {
    loadCodeAfterFirstPaint('code');
    expect(liveStylesheet()).toBeNull();
    expect(headPreloads()).toEqual([]);
    PaintObserver.latest?.report('first-paint'); // a paint of nothing contentful is not the placeholder's
    expect(liveStylesheet()).toBeNull();

    PaintObserver.latest?.report('first-contentful-paint');
    const stylesheet = liveStylesheet();
    expect(stylesheet?.getAttribute('href')).toBe('/assets/app.css');
    expect(stylesheet?.getAttribute('crossorigin')).toBe('');
    // in the template's place: after the placeholder, before the root whose <style> elements must win
    expect(stylesheet?.previousElementSibling?.id).toBe('boot');
    expect(stylesheet?.nextElementSibling?.id).toBe('code');
    // the entry downloads at once, beside the stylesheet, with the other preloads
    expect(headPreloads()).toEqual(['/assets/index.js', '/assets/react.js']);
    expect(document.head.querySelector('link[href="/assets/index.js"]')?.getAttribute('crossorigin')).toBe(
      '',
    );
  });

  it('runs the entry only once the stylesheet has loaded, as a parser-inserted module script did', async () => {
    loadCodeAfterFirstPaint('code');
    PaintObserver.latest?.report('first-contentful-paint');
    await vi.runAllTicks();
    await Promise.resolve();
    expect(liveScript()).toBeNull();
    liveStylesheet()?.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(liveScript()).not.toBeNull());
    expect(liveScript()?.getAttribute('src')).toBe('/assets/index.js');
    expect(liveScript()?.getAttribute('crossorigin')).toBe('');
    expect(document.querySelectorAll('script[type="module"]')).toHaveLength(1); // the template's stays inert
  });

  it('runs the entry when the stylesheet fails too: an unstyled console beats none', async () => {
    loadCodeAfterFirstPaint('code');
    PaintObserver.latest?.report('first-contentful-paint');
    liveStylesheet()?.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(liveScript()).not.toBeNull());
  });

  it('goes live at once in a tab in the background, which does not paint', () => {
    setVisibility('hidden');
    loadCodeAfterFirstPaint('code');
    expect(liveStylesheet()).not.toBeNull();
  });

  it('goes live when the tab is hidden before its paint is reported', () => {
    loadCodeAfterFirstPaint('code');
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(liveStylesheet()).not.toBeNull();
  });

  it('goes live after a second regardless, once only, should no paint ever be reported', () => {
    loadCodeAfterFirstPaint('code');
    vi.advanceTimersByTime(999);
    expect(liveStylesheet()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(liveStylesheet()).not.toBeNull();
    PaintObserver.latest?.report('first-contentful-paint');
    expect(document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(1);
    expect(headPreloads()).toHaveLength(2);
  });

  it('goes live at once where the browser reports no paint timing', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    loadCodeAfterFirstPaint('code');
    expect(liveStylesheet()).not.toBeNull();
  });
});
