// @vitest-environment jsdom
import { act, createElement, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A page that keeps what was typed in its own state, as a form does. */
function Typed() {
  const [text, setText] = useState('');
  return createElement('input', {
    value: text,
    onChange: (event: { target: { value: string } }) => setText(event.target.value),
  });
}

it('a page opened while its code was loading keeps what was typed when the shell draws itself again', async () => {
  let arrive: (module: { Typed: typeof Typed }) => void = () => {};
  const Page = lazyPage(() => new Promise<{ Typed: typeof Typed }>((resolve) => (arrive = resolve)), 'Typed');
  // As the console's shell: a header that redraws (a count that arrives), and the routes below it, which go from
  // another page to this one (a link followed) while the shell is on screen.
  let go: (path: string) => void = () => {};
  function Routes() {
    const [path, setPath] = useState('/overview');
    go = setPath;
    return createElement(
      Suspense,
      { fallback: createElement('p', null, 'loading') },
      path === '/overview' ? createElement('h1', null, 'Overview') : createElement(Page),
    );
  }
  let redraw: (n: number) => void = () => {};
  function Shell() {
    const [count, setCount] = useState(0);
    redraw = setCount;
    return createElement('div', null, createElement('header', null, `${count}`), createElement(Routes));
  }
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(createElement(Shell)));
  await act(async () => go('/treasury'));
  expect(host.textContent).toContain('loading');
  await act(async () => arrive({ Typed }));
  const input = host.querySelector('input') as HTMLInputElement;
  expect(input).not.toBeNull();
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '12000');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  expect(input.value).toBe('12000');
  await act(async () => redraw(1));
  expect(host.querySelector('input'), 'the same field, not a new one').toBe(input);
  expect(input.value).toBe('12000');
  await act(async () => root.unmount());
});

it('a page keeps one element type while it is on screen, from before its code arrived to after', async () => {
  let arrive: (module: { Typed: typeof Typed }) => void = () => {};
  const Page = lazyPage(() => new Promise<{ Typed: typeof Typed }>((resolve) => (arrive = resolve)), 'Typed');
  const types: unknown[] = [];
  let redraw: (n: number) => void = () => {};
  // What React compares from one drawing to the next: a new type unmounts the page and all that was typed in it.
  function Probe() {
    redraw = useState(0)[1];
    types.push(Page().type);
    return null;
  }
  const host = document.createElement('div');
  const root = createRoot(host);
  await act(async () => root.render(createElement(Probe)));
  void Page.preload();
  await act(async () => arrive({ Typed }));
  await act(async () => redraw(1));
  expect(types.length).toBeGreaterThanOrEqual(2);
  expect(new Set(types).size).toBe(1);
  await act(async () => root.unmount());
});
