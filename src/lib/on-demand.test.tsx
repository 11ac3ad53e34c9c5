// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWhenIdle, onDemand, useOnDemand } from './on-demand';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const Greeting = ({ name }: { name: string }) => <p>hello {name}</p>;

describe('onDemand', () => {
  it('imports once however often it is asked, and keeps what arrived', async () => {
    const importer = vi.fn(async () => 42);
    const code = onDemand(importer);
    expect(code.loaded()).toBeNull();
    await Promise.all([code.load(), code.load()]);
    await code.load();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(code.loaded()).toBe(42);
  });

  it('after a failed import, the next ask tries again', async () => {
    const importer = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(7);
    const code = onDemand(importer);
    await expect(code.load()).rejects.toThrow('offline');
    expect(code.loaded()).toBeNull();
    await expect(code.load()).resolves.toBe(7);
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe('useOnDemand', () => {
  function Host({
    component,
    onError,
  }: {
    component: ReturnType<typeof onDemand<typeof Greeting>>;
    onError: () => void;
  }) {
    const [wanted, setWanted] = useState(false);
    const Loaded = useOnDemand(component, wanted, onError);
    return (
      <>
        <button type="button" onClick={() => setWanted(true)}>
          want
        </button>
        {Loaded ? <Loaded name="ana" /> : <span>not here</span>}
      </>
    );
  }

  it('loads nothing until wanted, then renders the component once its code arrives', async () => {
    const arrival = deferred<typeof Greeting>();
    const importer = vi.fn(() => arrival.promise);
    render(<Host component={onDemand(importer)} onError={() => {}} />);
    expect(importer).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'want' }).click());
    expect(importer).toHaveBeenCalledTimes(1);
    expect(screen.getByText('not here')).toBeTruthy();
    await act(async () => arrival.resolve(Greeting));
    expect(screen.getByText('hello ana')).toBeTruthy();
  });

  it('code loaded ahead of need renders at once when wanted, and not before', async () => {
    const code = onDemand(async () => Greeting);
    await code.load();
    render(<Host component={code} onError={() => {}} />);
    expect(screen.queryByText('hello ana')).toBeNull();
    act(() => screen.getByRole('button', { name: 'want' }).click());
    expect(screen.getByText('hello ana')).toBeTruthy();
  });

  it('reports a failed load and renders nothing', async () => {
    const onError = vi.fn();
    const code = onDemand<typeof Greeting>(() => Promise.reject(new Error('offline')));
    render(<Host component={code} onError={onError} />);
    await act(async () => screen.getByRole('button', { name: 'want' }).click());
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'offline' }));
    expect(screen.getByText('not here')).toBeTruthy();
  });
});

describe('loadWhenIdle', () => {
  // The browser's idle callbacks, by handle: an idle period runs the oldest one waiting.
  const waiting = new Map<number, () => void>();
  let handles = 0;
  beforeEach(() => {
    waiting.clear();
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      waiting.set(++handles, callback);
      return handles;
    });
    vi.stubGlobal('cancelIdleCallback', (handle: number) => waiting.delete(handle));
  });
  afterEach(() => vi.unstubAllGlobals());
  const nextIdlePeriod = () => {
    const [handle, callback] = [...waiting][0] ?? [];
    if (handle === undefined || !callback) return;
    waiting.delete(handle);
    callback();
  };

  it('asks for the code when the browser is idle, not before, and not once cancelled', () => {
    const load = vi.fn(async () => undefined);
    loadWhenIdle(load);
    expect(load).not.toHaveBeenCalled();
    nextIdlePeriod();
    expect(load).toHaveBeenCalledTimes(1);

    const later = vi.fn(async () => undefined);
    const cancel = loadWhenIdle(later);
    cancel();
    nextIdlePeriod();
    expect(later).not.toHaveBeenCalled();
  });

  it('starts one load per idle period, in order, and cancelling stops the ones not started', () => {
    const started: string[] = [];
    const load = (name: string) => async () => void started.push(name);
    const cancel = loadWhenIdle(load('dialog'), load('picker'), load('schema'));
    nextIdlePeriod();
    expect(started).toEqual(['dialog']);
    nextIdlePeriod();
    expect(started).toEqual(['dialog', 'picker']);
    cancel();
    nextIdlePeriod();
    expect(started).toEqual(['dialog', 'picker']);
  });
});
