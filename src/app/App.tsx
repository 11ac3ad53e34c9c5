import { Suspense, useState } from 'react';
import { Route, Router, Switch } from 'wouter';
import { SignInPage } from '../features/session/SignInPage';
import { useGuardedLocation } from './leave-guard';
import { PageLoader } from './PageLoader';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { SignedInLayout } from './signed-in';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <Providers queryClient={queryClient}>
      <Router hook={useGuardedLocation}>
        <Switch>
          <Route path="/sign-in" component={SignInPage} />
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
