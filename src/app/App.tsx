import { Suspense, useState } from 'react';
import { Route, Switch } from 'wouter';
import { SignInPage } from '../features/session/SignInPage';
import { PageLoader } from './PageLoader';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { SignedInLayout } from './signed-in';

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
