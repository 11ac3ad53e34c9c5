// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createContext, useContext, useLayoutEffect } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { Rehearsal } from './Rehearsal';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const Theme = createContext('none');

/** Records, as it is drawn, whether it is in the document and which context reached it. */
function Probe({ seen }: { seen: { connected: boolean; theme: string }[] }) {
  const theme = useContext(Theme);
  return (
    <p ref={(element) => void (element && seen.push({ connected: element.isConnected, theme }))}>drawn</p>
  );
}

function Throws(): never {
  throw new Error('the sample no longer fits');
}

it('draws its children outside the document, with the context of where it stands, then reports done', async () => {
  const seen: { connected: boolean; theme: string }[] = [];
  const onDone = vi.fn();
  const { container } = render(
    <Theme.Provider value="dark">
      <p>the page</p>
      <Rehearsal onDone={onDone}>
        <Probe seen={seen} />
      </Rehearsal>
    </Theme.Provider>,
  );
  await act(async () => {});
  expect(seen).toEqual([{ connected: false, theme: 'dark' }]);
  expect(onDone).toHaveBeenCalledTimes(1);
  expect(document.body.textContent).toBe('the page');
  expect(container.textContent).toBe('the page');
});

it('reports done after its children have been drawn, not before', async () => {
  const into = document.createElement('div');
  let drawnWhenDone: string | null = null;
  render(
    <Rehearsal into={into} onDone={() => (drawnWhenDone = into.textContent)}>
      <p>sample</p>
    </Rehearsal>,
  );
  await act(async () => {});
  expect(drawnWhenDone).toBe('sample');
});

it('ends quietly when a child throws: the page around it stays', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const onDone = vi.fn();
  let pageCommits = 0;
  function Page() {
    useLayoutEffect(() => {
      pageCommits++;
    });
    return <p>the page</p>;
  }
  render(
    <>
      <Page />
      <Rehearsal onDone={onDone}>
        <Throws />
      </Rehearsal>
    </>,
  );
  await act(async () => {});
  expect(onDone).toHaveBeenCalledTimes(1);
  expect(document.body.textContent).toBe('the page');
  expect(pageCommits).toBeGreaterThan(0);
});
