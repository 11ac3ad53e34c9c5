import {
  type AnchorHTMLAttributes,
  Component,
  type ComponentType,
  createContext,
  type ErrorInfo,
  forwardRef,
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { onDemand } from '../../lib/on-demand';
import { currentHref, type NavigateOptions, navigate, subscribe, takeScrollToTop } from './history';
import { firstMatch, type Params } from './match';

/**
 * The console's router: a page per URL, path parameters, query parameters, lazy pages and a layout that stays mounted
 * across its pages. react-router did the same for about 28 KiB of gzip JS on the sign-in page, a quarter of the
 * first-load budget; this is the part of it the console uses, under the same names.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

export function useLocation(): Location {
  const href = useSyncExternalStore(subscribe, currentHref, currentHref);
  return useMemo(() => {
    const url = new URL(href, 'http://console.invalid');
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  }, [href]);
}

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return navigate;
}

export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams, options?: NavigateOptions) => void,
] {
  const { pathname, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (next: URLSearchParams, options?: NavigateOptions) => {
    const query = next.toString();
    navigate(`${pathname}${query ? `?${query}` : ''}`, options);
  };
  return [params, setParams];
}

const ParamsContext = createContext<Params>({});
const OutletContext = createContext<ReactNode>(null);
const RouteErrorContext = createContext<unknown>(undefined);

export function useParams<T extends string = string>(): Partial<Record<T, string>> {
  return useContext(ParamsContext) as Partial<Record<T, string>>;
}

/** Inside an error page: what the page threw. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

/** Where a layout shows its current page. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

/** Goes elsewhere as soon as it renders (a redirect). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  useEffect(() => navigate(to, { replace }), [to, replace]);
  return null;
}

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  replace?: boolean;
}

/** A real link (it opens in a new tab, copies, shows its address) that navigates in place on a plain click. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, onClick, target, ...rest },
  ref,
) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a ref={ref} href={to} target={target} onClick={follow} {...rest} />;
});

/** A page whose code arrives on demand, and can be asked for ahead of need. */
export interface LazyPage {
  (): ReactNode;
  preload: () => Promise<void>;
}

/**
 * Like React.lazy, but once `preload` has brought the code, the page renders at once instead of suspending: a
 * suspended page shows the loader and React then holds the reveal back (up to 300 ms), which a page that is already
 * here should not pay.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  const code = onDemand(load);
  const Suspending = lazy(() => code.load().then((Component) => ({ default: Component })));
  const Page = () => {
    const Loaded = code.loaded();
    return Loaded ? <Loaded /> : <Suspending />;
  };
  return Object.assign(Page, { preload: () => code.load().then(() => undefined) });
}

/** Brings the code of the page at `pathname` (and its layout), so that going there renders at once. */
export function preloadRoute(routes: readonly RouteDef[], pathname: string): Promise<unknown> {
  const match = firstMatch(routes, pathname);
  const parts = [match?.route.Page, match?.route.Layout] as (Partial<LazyPage> | undefined)[];
  return Promise.all(parts.map((part) => part?.preload?.()));
}

export interface RouteDef {
  /** `/transfers/:transferId`, or `*` for whatever no route before it matched. */
  path: string;
  Page: ComponentType;
  /** Wraps the page and shows it at its <Outlet />; one layout stays mounted while its pages change. */
  Layout?: ComponentType;
}

interface BoundaryProps {
  href: string;
  fallback: ComponentType;
  children: ReactNode;
}

/** A page that throws (or whose code fails to load) shows the error page; going elsewhere clears it. */
class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; href: string | null }> {
  override state = { error: undefined as unknown, href: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; href: string | null }) {
    if (state.href === null) return { href: props.href };
    if (state.href !== props.href) return { error: undefined, href: props.href };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed:', error instanceof Error ? error.message : error, info.componentStack);
  }

  override render() {
    const Fallback = this.props.fallback;
    if (this.state.error === undefined) return this.props.children;
    return (
      <RouteErrorContext.Provider value={this.state.error}>
        <Fallback />
      </RouteErrorContext.Provider>
    );
  }
}

export interface RouterProps {
  routes: readonly RouteDef[];
  /** Shown while a page's or a layout's code arrives. */
  Loading: ComponentType;
  /** Shown when a page throws. */
  ErrorPage: ComponentType;
}

export function Router({ routes, Loading, ErrorPage }: RouterProps) {
  const location = useLocation();
  const match = firstMatch(routes, location.pathname);
  const Layout = match?.route.Layout;
  // The same element while the layout stays: React then leaves the layout alone and renders only its <Outlet />.
  const layout = useMemo(() => (Layout ? <Layout /> : null), [Layout]);
  // After the commit and before the paint: the new page is laid out once, already at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new location
  useLayoutEffect(() => {
    if (takeScrollToTop()) window.scrollTo(0, 0);
  }, [location]);
  if (!match) return null;
  const { Page } = match.route;
  const page = (
    <ParamsContext.Provider value={match.params}>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </ParamsContext.Provider>
  );
  return (
    <RouteErrorBoundary href={`${location.pathname}${location.search}`} fallback={ErrorPage}>
      {Layout ? (
        <Suspense fallback={<Loading />}>
          <OutletContext.Provider value={page}>{layout}</OutletContext.Provider>
        </Suspense>
      ) : (
        page
      )}
    </RouteErrorBoundary>
  );
}
