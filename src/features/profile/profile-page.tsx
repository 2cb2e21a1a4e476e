import { useEffect, useState } from 'react';
import { profileCopy as ourProfileCopy } from '../../content/profile';
import { useWords } from '../../lib/words';
import { resultsCopy } from '../../content/results';
import { useFirstPaintGone } from '../../lib/first-paint';
import { LiveRegion } from '../../lib/live-region';
import { fetchProfile, type LinkResult, tokenFromHash } from '../../lib/profile-client';
import type { ProfileResponse } from '../../shared/profile-api';
import { profileSectionOf } from '../../shared/profile-sections';
import { FreshForEachLink } from './fresh-for-each-link';
import { LinkMessage } from './link-message';
import { OpeningScreen, openingLineClass } from './opening-screen';
import { ProfileView } from './profile-view';

/**
 * /profile#<token>: the private page the results e-mail links to. The token is read from the
 * address's fragment, which the browser never sends anywhere (src/shared/profile-api.ts), and
 * exchanged for the profile. A dead link (expired, erased, mistyped) gets a kind page and a way to
 * take the quiz again; a server that cannot answer, a way to try again.
 */
function ProfileScreen() {
  const profileCopy = useWords(ourProfileCopy, 'profile');
  const [token] = useState(() => tokenFromHash(window.location.hash));
  // "See all your tips" in the e-mail opens the page at the tips (src/shared/profile-sections.ts).
  const [openAt] = useState(() => profileSectionOf(window.location.search));
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<LinkResult<ProfileResponse> | null>(token === null ? { kind: 'dead' } : null);
  useFirstPaintGone();

  useEffect(() => {
    if (token === null) return;
    let current = true;
    void fetchProfile(token).then((answer) => {
      if (current) setResult(answer);
    });
    return () => {
      current = false;
    };
  }, [token, attempt]);

  if (result === null) {
    return (
      <OpeningScreen>
        <LiveRegion message={profileCopy.loading} className={openingLineClass} />
      </OpeningScreen>
    );
  }
  if (result.kind === 'dead') {
    const copy = profileCopy.dead;
    return (
      <LinkMessage title={copy.title} action={{ kind: 'quiz', label: copy.button }} focusOnMount={attempt > 0}>
        <p>{copy.text}</p>
        <p>{copy.retake}</p>
      </LinkMessage>
    );
  }
  if (result.kind === 'unavailable') {
    const copy = profileCopy.unavailable;
    return (
      <LinkMessage
        title={copy.title}
        // After Try again, the button pressed is gone: the new message takes its focus.
        focusOnMount={attempt > 0}
        action={{
          kind: 'retry',
          label: copy.button,
          onRetry: () => {
            setResult(null);
            setAttempt((count) => count + 1);
          },
        }}
      >
        <p>{copy.text}</p>
      </LinkMessage>
    );
  }
  return (
    <>
      <ProfileView profile={result.value} focusOnMount={attempt > 0} openAt={openAt} />
      <LiveRegion message={resultsCopy.profileReady} className="sr-only" />
    </>
  );
}

/** The page for the link in the address bar, afresh for each link (fresh-for-each-link.tsx). */
export default function ProfilePage() {
  return (
    <FreshForEachLink>
      <ProfileScreen />
    </FreshForEachLink>
  );
}
