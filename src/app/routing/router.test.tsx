// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Navigate, Outlet, type RouteDef, Router, useParams, useRouteError, useSearchParams } from '.';

function Layout() {
  const [clicks, setClicks] = useState(0);
  return (
    <div>
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        layout clicks {clicks}
      </button>
      <Link to="/transfers/t1">first transfer</Link>
      <Link to="/transfers?status=failed">failed</Link>
      <Outlet />
    </div>
  );
}
const Transfer = () => <h1>transfer {useParams().transferId}</h1>;
function Transfers() {
  const [params, setParams] = useSearchParams();
  return (
    <div>
      <h1>transfers {params.get('status') ?? 'all'}</h1>
      <button type="button" onClick={() => setParams(new URLSearchParams({ status: 'pending' }))}>
        pending
      </button>
    </div>
  );
}
function Broken(): never {
  throw new Error('kaput');
}
const ErrorPage = () => <p>failed: {(useRouteError() as Error).message}</p>;

const routes: RouteDef[] = [
  { path: '/sign-in', Page: () => <h1>sign in</h1> },
  { path: '/old', Page: () => <Navigate to="/transfers" replace /> },
  { path: '/transfers/:transferId', Page: Transfer, Layout },
  { path: '/transfers', Page: Transfers, Layout },
  { path: '/broken', Page: Broken, Layout },
  { path: '*', Page: () => <h1>not found</h1>, Layout },
];

/** The browser's Back button: history moves, then popstate arrives. */
const pressBack = () =>
  act(async () => {
    window.history.back();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  });

const mount = (path: string) => {
  window.history.replaceState(null, '', path);
  return render(<Router routes={routes} Loading={() => <p>loading</p>} ErrorPage={ErrorPage} />);
};

describe('the router', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the page of a deep link, with its parameters and query', () => {
    mount('/transfers/abc');
    expect(screen.getByRole('heading').textContent).toBe('transfer abc');
    cleanup();
    mount('/transfers?status=failed');
    expect(screen.getByRole('heading').textContent).toBe('transfers failed');
  });

  it('follows links in place, keeps the layout mounted, and goes back with the browser', async () => {
    mount('/transfers');
    fireEvent.click(screen.getByRole('button', { name: 'layout clicks 0' }));
    fireEvent.click(screen.getByRole('link', { name: 'first transfer' }));
    expect(window.location.pathname).toBe('/transfers/t1');
    expect(screen.getByRole('heading').textContent).toBe('transfer t1');
    expect(screen.getByRole('button', { name: 'layout clicks 1' })).toBeTruthy();

    await pressBack();
    expect(window.location.pathname).toBe('/transfers');
    expect(screen.getByRole('heading').textContent).toBe('transfers all');
  });

  it('starts a new page at the top once it is rendered; a redirect or Back keeps the scroll', async () => {
    mount('/old');
    expect(window.scrollTo).not.toHaveBeenCalled();
    let headingWhenScrolled: string | null | undefined;
    vi.mocked(window.scrollTo).mockImplementation(() => {
      headingWhenScrolled = screen.queryByRole('heading')?.textContent;
    });
    fireEvent.click(screen.getByRole('link', { name: 'first transfer' }));
    expect(window.scrollTo).toHaveBeenCalledTimes(1);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(headingWhenScrolled).toBe('transfer t1');
    await pressBack();
    expect(window.scrollTo).toHaveBeenCalledTimes(1);
  });

  it('leaves modified clicks to the browser (new tab), and links are real addresses', () => {
    mount('/transfers');
    const link = screen.getByRole('link', { name: 'failed' });
    expect(link.getAttribute('href')).toBe('/transfers?status=failed');
    // Stands in for the browser opening a tab (jsdom cannot): runs after the router's own handler.
    let leftToTheBrowser = false;
    const browser = (event: MouseEvent) => {
      leftToTheBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', browser);
    fireEvent.click(link, { ctrlKey: true });
    window.removeEventListener('click', browser);
    expect(leftToTheBrowser).toBe(true);
    expect(window.location.search).toBe('');
  });

  it('sets the query as a new history entry', async () => {
    mount('/transfers');
    fireEvent.click(screen.getByRole('button', { name: 'pending' }));
    expect(window.location.search).toBe('?status=pending');
    expect(screen.getByRole('heading').textContent).toBe('transfers pending');
    await pressBack();
    expect(window.location.search).toBe('');
    expect(screen.getByRole('heading').textContent).toBe('transfers all');
  });

  it('redirects, and falls through to the catch-all', () => {
    mount('/old');
    expect(window.location.pathname).toBe('/transfers');
    cleanup();
    mount('/no/such/page');
    expect(screen.getByRole('heading').textContent).toBe('not found');
  });

  it('shows the error page for a page that throws, and clears it on the next navigation', () => {
    mount('/broken');
    expect(screen.getByText('failed: kaput')).toBeTruthy();
    act(() => {
      window.history.pushState(null, '', '/transfers');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('heading').textContent).toBe('transfers all');
  });
});
