import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LandingPage } from '../features/landing/landing-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { paths } from '../shared/paths';

// The landing page ships in the first load (it is prerendered); the quiz and results load on demand,
// or earlier, when the browser is idle (prefetchLazyPages).
const loadQuizPage = () => import('../features/quiz/quiz-page');
const loadResultsPage = () => import('../features/results/results-page');
const QuizPage = lazy(loadQuizPage);
const ResultsPage = lazy(loadResultsPage);
// Reached from the results e-mail only: never prefetched.
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const ConfirmPage = lazy(() => import('../features/profile/confirm-page'));

/**
 * Fetches (and evaluates) the quiz and results chunks ahead of the visitor's click, so the page
 * switch needs no network. React.lazy's own import() later resolves from the module map at once.
 */
export function prefetchLazyPages(): Promise<unknown> {
  // Offline or a new deploy: nothing is lost, the page loads (or reports its error) when visited.
  return Promise.all([loadQuizPage(), loadResultsPage().then((page) => page.loadResultsView())]).catch(() => undefined);
}

/** The route table of SPEC section 2. */
export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path={paths.home} element={<LandingPage />} />
        <Route path={paths.quiz} element={<QuizPage />} />
        <Route path={paths.results} element={<ResultsPage />} />
        <Route path={paths.profile} element={<ProfilePage />} />
        <Route path={paths.confirm} element={<ConfirmPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
