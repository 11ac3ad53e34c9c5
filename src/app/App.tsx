import { lazy, Suspense, useState } from 'react';
import { Route, Router, Switch } from 'wouter';
import { useGuardedLocation } from '../components/leave-guard';
import { PageLoader } from '../components/PageLoader';
import { SignInPage } from '../features/session/SignInPage';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { preloadSignedIn, SignedInLayout } from './signed-in';

// A one-time link is opened once in a member's life: its page is a chunk of its own.
const InvitationPage = lazy(() =>
  import('../features/session/InvitationPage').then((module) => ({ default: module.InvitationPage })),
);

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <Providers queryClient={queryClient}>
      <Router hook={useGuardedLocation}>
        <Switch>
          <Route path="/sign-in">
            <SignInPage warmUp={preloadSignedIn} />
          </Route>
          <Route path="/invitation/:token">
            <Suspense fallback={<PageLoader />}>
              <InvitationPage />
            </Suspense>
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
