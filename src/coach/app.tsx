/**
 * The dashboard: asks whether a session exists, shows sign-in until there is one, then the shell
 * with one view at a time. The view lives in the address's hash (#funnel, #leads...), so a reload
 * or the back button keeps the coach's place without any router.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { coachApi, type SessionStatus } from '../shared/coach-api';
import { CoachApiFailure, coachRequest } from './api';
import { coachCopy, views, type View } from './content';
import { DeliveriesView } from './deliveries-view';
import { FunnelView } from './funnel-view';
import { LeadsView } from './leads-view';
import { todayIn } from '../shared/days';
import { defaultPeriod, periodRange, type Period } from './period';
import { PeriodPicker } from './period-picker';
import { ProfilesView } from './profiles-view';
import { SignInPage } from './sign-in-page';
import { Loading } from './ui';
import { SessionEndedContext } from './use-coach-data';

type Session = { state: 'checking' } | { state: 'signed-out'; notice: string | null } | { state: 'signed-in'; status: SessionStatus };

function viewFromHash(hash: string): View {
  const name = hash.replace(/^#/, '');
  return (views as readonly string[]).includes(name) ? (name as View) : 'funnel';
}

function useHashView(): View {
  const [view, setView] = useState(() => viewFromHash(window.location.hash));
  useEffect(() => {
    const update = () => setView(viewFromHash(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return view;
}

function Dashboard({ status, onSignedOut }: { status: SessionStatus; onSignedOut: () => void }) {
  const view = useHashView();
  const [period, setPeriod] = useState<Period>(defaultPeriod);
  const [signingOut, setSigningOut] = useState(false);
  const today = todayIn(status.timeZone, new Date());
  const range = periodRange(period, today);

  // A new view is a new page for a screen reader: name it in the title and, once the coach has moved
  // from the first one, move focus to its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownView = useRef(view);
  useEffect(() => {
    document.title = `${coachCopy.views[view]} · ${coachCopy.appName}`;
    if (shownView.current !== view) heading.current?.focus();
    shownView.current = view;
  }, [view]);

  async function signOut() {
    setSigningOut(true);
    // Signed out either way: a session the server no longer knows is as good as ended.
    await coachRequest(coachApi.session, { method: 'DELETE' }).catch(() => undefined);
    onSignedOut();
  }

  return (
    <div className="min-h-dvh">
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-3 py-2 sm:px-6">
          <p className="font-bold text-teal-dark">
            {coachCopy.appName} <span className="font-normal text-muted max-sm:sr-only">· {coachCopy.appRole}</span>
          </p>
          <button
            type="button"
            onClick={() => void signOut()}
            disabled={signingOut}
            className="min-h-11 rounded-full px-4 font-semibold text-teal underline underline-offset-4 hover:bg-teal-soft"
          >
            {signingOut ? coachCopy.signingOut : coachCopy.signOut}
          </button>
        </div>
        <nav aria-label={coachCopy.navLabel} className="mx-auto max-w-6xl px-1 sm:px-4">
          <ul className="flex sm:gap-2">
            {views.map((name) => (
              <li key={name}>
                <a
                  href={`#${name}`}
                  aria-current={name === view ? 'page' : undefined}
                  className="inline-flex min-h-11 items-center border-b-4 border-transparent px-2.5 font-semibold text-muted hover:text-teal-dark aria-[current=page]:border-teal aria-[current=page]:text-teal-dark"
                >
                  {coachCopy.views[name]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="mx-auto max-w-6xl space-y-6 px-3 py-6 sm:px-6">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-teal-dark focus:outline-none">
          {coachCopy.views[view]}
        </h1>
        {view !== 'deliveries' && <PeriodPicker period={period} today={today} timeZone={status.timeZone} onChange={setPeriod} />}
        {view === 'funnel' && <FunnelView range={range} />}
        {view === 'profiles' && <ProfilesView range={range} />}
        {view === 'leads' && <LeadsView range={range} />}
        {view === 'deliveries' && <DeliveriesView />}
      </main>
    </div>
  );
}

export function CoachApp() {
  const [session, setSession] = useState<Session>({ state: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    coachRequest<SessionStatus>(coachApi.session, { signal: controller.signal }).then(
      (status) => setSession({ state: 'signed-in', status }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // 401: not signed in. Anything else: the sign-in form says what goes wrong when it is used.
        setSession({ state: 'signed-out', notice: error instanceof CoachApiFailure && error.status === 401 ? null : coachCopy.loadFailed });
      },
    );
    return () => controller.abort();
  }, []);

  const sessionEnded = useCallback(() => setSession({ state: 'signed-out', notice: coachCopy.sessionEnded }), []);

  if (session.state === 'checking') {
    return (
      <main className="mx-auto max-w-md px-5 py-10">
        <Loading />
      </main>
    );
  }
  if (session.state === 'signed-out') {
    return <SignInPage notice={session.notice} onSignedIn={(status) => setSession({ state: 'signed-in', status })} />;
  }
  return (
    <SessionEndedContext.Provider value={sessionEnded}>
      <Dashboard status={session.status} onSignedOut={() => setSession({ state: 'signed-out', notice: coachCopy.signedOut })} />
    </SessionEndedContext.Provider>
  );
}
