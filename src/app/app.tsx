import { AppRoutes } from './app-routes';
import { RootErrorBoundary } from './root-error-boundary';

/** Everything inside the router: the error boundary around the route table. */
export function App() {
  return (
    <RootErrorBoundary>
      <AppRoutes />
    </RootErrorBoundary>
  );
}
