/** The coach's dashboard (/coach): its own entry and build (vite.coach.config.ts); no visitor page loads it. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CoachApp } from './app';
import './coach.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <CoachApp />
  </StrictMode>,
);
