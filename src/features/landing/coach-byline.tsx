import { site } from '../../content/site';
import { useSiteConfig } from '../../lib/site-config';
import { CoachPhoto } from '../shared/coach-photo';

/** "A quiz by Dana Reyes", with their photo and one-line intro: the coach's signature under the call to action. */
export function CoachByline() {
  const { coach } = useSiteConfig();
  if (coach.name === null) return null;
  return (
    <div className="mt-8 flex items-center gap-3">
      {coach.photo && <CoachPhoto photo={coach.photo} className="size-14" />}
      <p className="min-w-0 leading-snug">
        {site.quizBy} <strong className="font-semibold text-teal-dark">{coach.name}</strong>
        {coach.intro && <span className="mt-0.5 block text-sm text-pretty text-muted">{coach.intro}</span>}
      </p>
    </div>
  );
}
