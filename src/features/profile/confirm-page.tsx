import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { confirmCopy } from '../../content/profile';
import { pageTitle } from '../../content/site';
import { BusyButton } from '../../lib/busy-button';
import { useFirstPaintGone } from '../../lib/first-paint';
import { LiveRegion } from '../../lib/live-region';
import { confirmMarketing, confirmTokensFromHash } from '../../lib/profile-client';
import { readSiteConfig } from '../../lib/site-config';
import { usePageTitle } from '../../lib/screen';
import { paths } from '../../shared/paths';
import { courseUrl } from '../shared/course-url';
import { ProductName } from '../shared/product-name';
import { confirmMainClass, confirmTitleClass } from './confirm-first-paint';
import { FreshForEachLink } from './fresh-for-each-link';
import { LinkMessage } from './link-message';

type State = 'ready' | 'busy' | 'done' | 'dead' | 'failed';

/** Once confirmed, the ways on: back to the profile the same e-mail links to, and the course, which may now be offered. */
function WaysOn({ profileToken }: { profileToken: string | null }) {
  const { course } = readSiteConfig();
  return (
    <div className="mt-7 flex flex-wrap justify-center gap-3">
      {profileToken && (
        <a href={`${paths.profile}#${profileToken}`} className="btn-primary px-7 py-3 text-lg">
          {confirmCopy.done.profileLink}
        </a>
      )}
      <a href={course.url ?? courseUrl} target="_blank" rel="noopener noreferrer" className={`${profileToken ? 'btn-secondary' : 'btn-primary'} px-7 py-3 text-lg`}>
        {confirmCopy.done.courseLink}
        <span className="sr-only"> {confirmCopy.done.newTabHint}</span>
      </a>
    </div>
  );
}

/**
 * /confirm#<token>: the double opt-in. Opening the link changes nothing (mail scanners open links
 * to check them); only the button, a POST, confirms. Until then the page advertises nothing; once
 * confirmed (or for a confirmed person pressing a used link again) it leads on to the profile and
 * the course.
 */
function ConfirmScreen() {
  const [{ confirm: token, profile: profileToken }] = useState(() => confirmTokensFromHash(window.location.hash));
  const [state, setState] = useState<State>(token === null ? 'dead' : 'ready');
  const [siteConfig] = useState(readSiteConfig);
  const heading = useRef<HTMLHeadingElement>(null);
  // The screen's own title in every state: a dead link's is its message's (LinkMessage sets the same).
  usePageTitle(pageTitle(state === 'done' ? confirmCopy.done.title : state === 'dead' ? confirmCopy.dead.title : confirmCopy.title));
  useFirstPaintGone();

  async function confirm() {
    if (token === null || state === 'busy') return;
    setState('busy');
    const answer = await confirmMarketing(token);
    // Drawn before the focus moves, so the heading a screen reader reads on arrival is the new one.
    flushSync(() => setState(answer.kind === 'ok' ? 'done' : answer.kind === 'dead' ? 'dead' : 'failed'));
    heading.current?.focus();
  }

  if (state === 'dead') {
    return (
      // With a token, the link was found dead when the button was pressed: the message takes its focus.
      <LinkMessage title={confirmCopy.dead.title} action={{ kind: 'quiz', label: confirmCopy.dead.button }} focusOnMount={token !== null}>
        <p>{confirmCopy.dead.text}</p>
      </LinkMessage>
    );
  }

  const done = state === 'done';
  return (
    <main className={confirmMainClass}>
      <ProductName />
      <h1 ref={heading} tabIndex={-1} className={confirmTitleClass}>
        {done ? confirmCopy.done.title : confirmCopy.title}
      </h1>
      {done ? (
        <>
          <p className="mt-3 text-muted sm:text-lg">{confirmCopy.done.text}</p>
          <WaysOn profileToken={profileToken} />
        </>
      ) : (
        <>
          <p className="mt-3 text-pretty sm:text-lg">{confirmCopy.text(siteConfig.coach.name)}</p>
          <p className="mt-2 text-muted">{confirmCopy.ignore}</p>
          <BusyButton type="button" onClick={() => void confirm()} busy={state === 'busy'} className="btn-primary mt-7 px-7 py-3 text-lg aria-disabled:cursor-wait">
            {state === 'busy' ? confirmCopy.busy : confirmCopy.button}
          </BusyButton>
        </>
      )}
      {/* Confirmed, the focused heading says so: the status says only what the heading does not. */}
      <LiveRegion message={state === 'failed' ? `${confirmCopy.failed.title}. ${confirmCopy.failed.text}` : ''} className={state === 'failed' ? 'mt-4 font-semibold text-support' : 'sr-only'} />
    </main>
  );
}

/** The page for the link in the address bar, afresh for each link (fresh-for-each-link.tsx). */
export default function ConfirmPage() {
  return (
    <FreshForEachLink>
      <ConfirmScreen />
    </FreshForEachLink>
  );
}
