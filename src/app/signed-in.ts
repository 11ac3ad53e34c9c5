import { lazyPage } from './lazy-page';

/** Everything behind sign-in is its own chunk: the sign-in page, the first page of most visits, loads none of it. */
export const SignedInLayout = lazyPage(() => import('./layout/SignedInLayout'), 'SignedInLayout');

/**
 * The code behind sign-in, the layout and every page: asked for while the operator types their credentials, and
 * before a deep link's first render, so that no page waits on its code (lazy-page.ts says why that matters).
 */
export async function preloadSignedIn(): Promise<void> {
  await SignedInLayout.preload();
  const { preloadPages } = await import('./routes');
  await preloadPages();
}
