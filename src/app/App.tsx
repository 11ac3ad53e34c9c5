import { lazy, Suspense, useState } from 'react';
import { Route, Switch } from 'wouter';
import { SignInPage } from '../features/session/SignInPage';
import { PageLoader } from './PageLoader';
import { Providers } from './providers';
import { createQueryClient } from './query-client';

// Everything behind sign-in is its own chunk: the sign-in page, the first page of most visits, loads none of it.
const SignedInLayout = lazy(() =>
  import('./layout/SignedInLayout').then((module) => ({ default: module.SignedInLayout })),
);

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <Providers queryClient={queryClient}>
      <Switch>
        <Route path="/sign-in" component={SignInPage} />
        <Route>
          <Suspense fallback={<PageLoader />}>
            <SignedInLayout />
          </Suspense>
        </Route>
      </Switch>
    </Providers>
  );
}
