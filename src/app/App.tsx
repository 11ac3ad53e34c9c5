import { useState } from 'react';
import { PageLoader } from './PageLoader';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { RouteErrorPage } from './RouteErrorPage';
import { ROUTES } from './router';
import { Router } from './routing';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <Providers queryClient={queryClient}>
      <Router routes={ROUTES} Loading={PageLoader} ErrorPage={RouteErrorPage} />
    </Providers>
  );
}
