import type { ComponentType } from 'react';
import { SignInPage } from '../features/session/SignInPage';
import { NotFoundPage } from './NotFoundPage';
import { ROUTE_TABLE, type RouteEntry, SIGNED_IN_LAYOUT, splitModuleRef } from './route-table';
import { type LazyPage, lazyPage, preloadRoute, type RouteDef } from './routing';

/**
 * Every page named in the route table is its own chunk: the sign-in page loads none of the payment code, nor the
 * signed-in shell. The glob lets the build see every page module; the table says which path loads which. Its keys
 * are the table's module names from the project root (`/src/…`).
 */
const MODULES = import.meta.glob<Record<string, ComponentType>>([
  '/src/features/*/*Page.tsx',
  '/src/app/layout/SignedInLayout.tsx',
  '!/src/features/session/SignInPage.tsx',
]);

/** The pages built into the entry, by path. */
const IN_ENTRY: Readonly<Record<string, ComponentType>> = { '/sign-in': SignInPage, '*': NotFoundPage };

const loaded = new Map<string, LazyPage>();

/** One lazy component per module reference (two paths may share a page). */
function lazyComponent(ref: string): LazyPage {
  const known = loaded.get(ref);
  if (known) return known;
  const { module, exportName } = splitModuleRef(ref);
  const load = MODULES[`/${module}`];
  if (!load) throw new Error(`The route table names ${module}, which is not a page module`);
  const component = lazyPage(() =>
    load().then((exports) => {
      const Component = exports[exportName];
      if (!Component) throw new Error(`${module} exports no ${exportName}`);
      return Component;
    }),
  );
  loaded.set(ref, component);
  return component;
}

function toRoute(entry: RouteEntry): RouteDef {
  const Page = entry.page ? lazyComponent(entry.page) : IN_ENTRY[entry.path];
  if (!Page) throw new Error(`No page for ${entry.path}`);
  return { path: entry.path, Page, ...(entry.signedIn ? { Layout: lazyComponent(SIGNED_IN_LAYOUT) } : {}) };
}

export const ROUTES: readonly RouteDef[] = ROUTE_TABLE.map(toRoute);

/** Brings the code of a page of this console ahead of going there (see lazyPage). */
export const preloadPage = (pathname: string) => preloadRoute(ROUTES, pathname);
