import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LandingPage } from '../features/landing/landing-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { paths } from './paths';

// The landing page ships in the first load (it is prerendered); the quiz and results load on demand.
const QuizPage = lazy(() => import('../features/quiz/quiz-page'));
const ResultsPage = lazy(() => import('../features/results/results-page'));

/** The route table of SPEC section 2. */
export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path={paths.home} element={<LandingPage />} />
        <Route path={paths.quiz} element={<QuizPage />} />
        <Route path={paths.results} element={<ResultsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
