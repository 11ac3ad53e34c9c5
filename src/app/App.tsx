import { Suspense, useState } from 'react';
import { Route, Router, Switch } from 'wouter';
import { useGuardedLocation } from '../components/leave-guard';
import { SignInPage } from '../features/session/SignInPage';
import { PageLoader } from './PageLoader';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { preloadSignedIn, SignedInLayout } from './signed-in';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <Providers queryClient={queryClient}>
      <Router hook={useGuardedLocation}>
        <Switch>
          <Route path="/sign-in">
            <SignInPage warmUp={preloadSignedIn} />
          </Route>
          <Route>
            <Suspense fallback={<PageLoader />}>
              <SignedInLayout />
            </Suspense>
          </Route>
        </Switch>
      </Router>
    </Providers>
  );
}
