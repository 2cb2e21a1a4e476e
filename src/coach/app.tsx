/**
 * The dashboard: asks whether a session exists, shows sign-in until there is one, then the shell
 * with one view at a time. The view lives in the address (location.ts: /coach#leads,
 * /coach/leads/<id>), so a reload, a bookmark or the back button keeps the coach's place; leaving a
 * screen with unsaved edits asks first (leave-guard.tsx). A session that ends while a screen holds
 * unsaved edits keeps that screen, hidden, behind the sign-in form: signed in again, the coach finds
 * their edits where they left them and saves them.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { BusyButton } from '../lib/busy-button';
import { coachApi } from '../shared/coach-api/routes';
import type { SessionStatus, SetupStatus } from '../shared/coach-api/session';
import { CoachApiFailure, coachRequest } from './api';
import { AuditView } from './audit-view';
import { accessCopy } from './content/access';
import { shellCopy, views } from './content/shell';
import { setupCopy } from './content/sign-in';
import { DeliveriesView } from './deliveries-view';
import { EmbedView } from './embed-view/embed-view';
import { FunnelView } from './funnel-view';
import { LeadsView } from './leads-view';
import { LeaveGuardProvider, useBeforeUnload, useConfirmLeave } from './leave-guard';
import { hrefOf, placeOf, plainClick, samePlace, viewHref, type Place } from './location';
import { todayIn } from '../shared/days';
import { defaultPeriod, periodRange, type Period } from './period';
import { PeriodPicker } from './period-picker';
import { ProfilesView } from './profiles-view';
import { SettingsView } from './settings-view';
import { WordsView } from './words-view';
import { OffersView } from './offers-view';
import { OffersFunnel } from './offers-funnel';
import { SetupExplained, SetupForm } from './setup-page';
import { ResetPasswordPage } from './reset-page';
import { SecurityView } from './security-view';
import { SignInPage } from './sign-in-page';
import { Loading, viewTitleId } from './ui';
import { SessionEndedContext } from './use-coach-data';

type Session =
  | { state: 'checking' }
  /** `kept`: the dashboard of a session that ended with unsaved edits, kept (hidden) until the coach signs in again. */
  | { state: 'signed-out'; notice: string | null; resetByMail: boolean; kept?: SessionStatus }
  | { state: 'set-up'; code: string | null }
  | { state: 'reset'; token: string }
  | { state: 'signed-in'; status: SessionStatus };

const SETUP_PATH = '/coach/setup';
const RESET_PATH = '/coach/reset';

/**
 * The token of a password-reset link (/coach/reset#<token>), taken once when the page loads and
 * wiped from the address bar and history at once, as the set-up code is. `''`: the reset address
 * without its token (a link cut short when copied), which the sign-in page says.
 */
const resetToken: string | null = (() => {
  if (window.location.pathname !== RESET_PATH) return null;
  const token = window.location.hash.slice(1);
  window.history.replaceState(null, '', '/coach');
  return token;
})();

/**
 * The code of a set-up address (/coach/setup#<code>), taken once when the page loads and wiped
 * from the address bar and history at once, so it is not left behind for the next person.
 */
const setupCode: string | null = (() => {
  if (window.location.pathname !== SETUP_PATH) return null;
  const code = window.location.hash.slice(1);
  window.history.replaceState(null, '', SETUP_PATH);
  return code === '' ? null : code;
})();

/** Leaves the set-up address for the dashboard (the settings view, after a set-up). */
function leaveSetupAddress(view = '') {
  if (window.location.pathname === SETUP_PATH) window.history.replaceState(null, '', `/coach${view}`);
}

/**
 * The place the address names (location.ts), followed through the back and forward buttons; moving
 * anywhere, by a link or the buttons, asks first while a screen holds unsaved edits.
 */
function usePlace(unsaved: number, ask: (leave: () => void) => void): { place: Place; moved: boolean; go: (href: string) => void } {
  const [place, setPlace] = useState(() => placeOf(window.location.pathname, window.location.hash));
  // Whether the coach has moved from the place the page opened on (where focus is left alone).
  const [moved, setMoved] = useState(false);
  const moveTo = useCallback((next: Place) => {
    setPlace(next);
    setMoved(true);
  }, []);

  const go = useCallback(
    (href: string) =>
      ask(() => {
        window.history.pushState(null, '', href);
        moveTo(placeOf(window.location.pathname, window.location.hash));
      }),
    [ask, moveTo],
  );

  useEffect(() => {
    const followed = () => {
      const next = placeOf(window.location.pathname, window.location.hash);
      if (samePlace(next, place)) return;
      if (unsaved === 0) return moveTo(next);
      const target = hrefOf(next);
      // Back where the coach was until they choose; leaving then goes where they asked.
      window.history.pushState(null, '', hrefOf(place));
      ask(() => {
        window.history.pushState(null, '', target);
        moveTo(next);
      });
    };
    window.addEventListener('popstate', followed);
    return () => window.removeEventListener('popstate', followed);
  }, [place, unsaved, ask, moveTo]);

  return { place, moved, go };
}

function Dashboard({ status, onSignedOut, onUnsaved }: { status: SessionStatus; onSignedOut: () => void; onUnsaved: (count: number) => void }) {
  const [unsaved, setUnsaved] = useState(0);
  useEffect(() => onUnsaved(unsaved), [unsaved, onUnsaved]);
  useBeforeUnload(unsaved);
  const { ask, dialog } = useConfirmLeave(unsaved);
  const { place, moved, go } = usePlace(unsaved, ask);
  const { view, leadId } = place;
  const [period, setPeriod] = useState<Period>(defaultPeriod);
  const [signingOut, setSigningOut] = useState(false);
  const today = todayIn(status.timeZone, new Date());
  const range = periodRange(period, today);

  // A new view is a new page for a screen reader: name it in the title and, once the coach has moved
  // from the first one, move focus to its heading. So is a lead opened or left (its list, back or
  // after an erase): a lead's page moves focus to the lead's name itself once it has loaded.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownPlace = useRef(place);
  useEffect(() => {
    document.title = `${shellCopy.views[view]} · ${shellCopy.appName}`;
  }, [view]);
  useEffect(() => {
    const shown = shownPlace.current;
    shownPlace.current = { view, leadId };
    if ((shown.view !== view || shown.leadId !== leadId) && leadId === null) heading.current?.focus();
  }, [view, leadId]);
  // Signed in again after a session ended with edits kept (a new status): back on the screen, at its heading.
  const firstStatus = useRef(status);
  useEffect(() => {
    if (status !== firstStatus.current) heading.current?.focus();
  }, [status]);

  async function signOut() {
    setSigningOut(true);
    // Signed out either way: a session the server no longer knows is as good as ended.
    await coachRequest(coachApi.session, { method: 'DELETE' }).catch(() => undefined);
    onSignedOut();
  }

  return (
    <LeaveGuardProvider onChange={setUnsaved}>
      <div className="min-h-dvh">
        <header className="border-b border-line bg-white">
          <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-3 py-2 sm:px-6">
            <p className="font-bold text-teal-dark">
              {shellCopy.appName} <span className="font-normal text-muted max-sm:sr-only">· {shellCopy.appRole}</span>
            </p>
            <BusyButton
              type="button"
              onClick={() => ask(() => void signOut())}
              busy={signingOut}
              className="min-h-11 rounded-full px-4 font-semibold text-teal underline underline-offset-4 hover:bg-teal-soft"
            >
              {signingOut ? shellCopy.signingOut : shellCopy.signOut}
            </BusyButton>
          </div>
          <nav aria-label={shellCopy.navLabel} className="mx-auto max-w-6xl px-1 sm:px-4">
            <ul className="flex flex-wrap sm:gap-2">
              {views.map((name) => (
                <li key={name}>
                  <a
                    href={viewHref(name)}
                    onClick={(event) => {
                      if (!plainClick(event.nativeEvent)) return;
                      event.preventDefault();
                      if (name !== view || place.leadId !== null) go(viewHref(name));
                    }}
                    aria-current={name === view ? 'page' : undefined}
                    className="inline-flex min-h-11 items-center border-b-4 border-transparent px-2.5 font-semibold text-muted hover:text-teal-dark aria-[current=page]:border-teal aria-[current=page]:text-teal-dark"
                  >
                    {shellCopy.views[name]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        <main aria-labelledby={viewTitleId} className="mx-auto max-w-6xl space-y-6 px-3 py-6 sm:px-6">
          <h1 id={viewTitleId} ref={heading} tabIndex={-1} className="text-2xl font-bold text-teal-dark focus:outline-none">
            {shellCopy.views[view]}
          </h1>
          {!['deliveries', 'embed', 'words', 'offers', 'settings', 'security', 'audit'].includes(view) && place.leadId === null && (
            <PeriodPicker period={period} today={today} timeZone={status.timeZone} onChange={setPeriod} />
          )}
          {view === 'funnel' && <FunnelView range={range} />}
          {view === 'profiles' && <ProfilesView range={range} />}
          {view === 'leads' && <LeadsView range={range} leadId={leadId} focusLead={moved} go={go} />}
          {view === 'deliveries' && <DeliveriesView go={go} />}
          {view === 'embed' && <EmbedView />}
          {view === 'funnel' && <OffersFunnel range={range} />}
          {view === 'words' && <WordsView />}
          {view === 'offers' && <OffersView />}
          {view === 'settings' && <SettingsView />}
          {view === 'security' && <SecurityView status={status} />}
          {view === 'audit' && <AuditView timeZone={status.timeZone} />}
        </main>
        {dialog}
      </div>
    </LeaveGuardProvider>
  );
}

export function CoachApp() {
  const [session, setSession] = useState<Session>({ state: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    coachRequest<SessionStatus>(coachApi.session, { signal }).then(
      (status) => {
        leaveSetupAddress();
        setSession({ state: 'signed-in', status });
      },
      async (error: unknown) => {
        if (signal.aborted) return;
        // Anything but 401: the sign-in form says what goes wrong when it is used.
        if (!(error instanceof CoachApiFailure && error.status === 401)) {
          return setSession({ state: 'signed-out', notice: shellCopy.loadFailed, resetByMail: false });
        }
        // Not signed in: before any password is set, the set-up screen takes the sign-in form's place.
        const setup = await coachRequest<SetupStatus>(coachApi.setup, { signal }).catch(() => null);
        if (signal.aborted) return;
        if (setup?.passwordSet === false) return setSession({ state: 'set-up', code: setupCode });
        if (resetToken !== null && resetToken !== '') return setSession({ state: 'reset', token: resetToken });
        const onSetupAddress = window.location.pathname === SETUP_PATH;
        leaveSetupAddress();
        const notice = onSetupAddress ? setupCopy.alreadySet : resetToken === '' ? accessCopy.reset.linkCut : null;
        setSession({ state: 'signed-out', notice, resetByMail: setup?.resetByMail ?? false });
      },
    );
    return () => controller.abort();
  }, []);

  // How many edits the dashboard holds unsaved, as it last said.
  const unsaved = useRef(0);
  const reportUnsaved = useCallback((count: number) => {
    unsaved.current = count;
  }, []);

  const signedOut = useCallback((next: (current: Session) => Session) => {
    setSession(next);
    // Whether "Forgot your password?" can send a link is asked again: mail may have been set meanwhile.
    void coachRequest<SetupStatus>(coachApi.setup).then(
      (setup) => setSession((current) => (current.state === 'signed-out' ? { ...current, resetByMail: setup.resetByMail } : current)),
      () => undefined,
    );
  }, []);
  const signedOutWith = useCallback((notice: string | null) => signedOut(() => ({ state: 'signed-out', notice, resetByMail: false })), [signedOut]);
  const sessionEnded = useCallback(
    () =>
      signedOut((current) => {
        if (current.state === 'signed-out') return current;
        if (current.state === 'signed-in' && unsaved.current > 0) return { state: 'signed-out', notice: shellCopy.sessionEndedKept, resetByMail: false, kept: current.status };
        return { state: 'signed-out', notice: shellCopy.sessionEnded, resetByMail: false };
      }),
    [signedOut],
  );

  if (session.state === 'checking') {
    return (
      <main className="mx-auto max-w-md px-5 py-10">
        <Loading />
      </main>
    );
  }
  if (session.state === 'set-up') {
    const signedIn = (status: SessionStatus) => {
      leaveSetupAddress('#settings');
      setSession({ state: 'signed-in', status });
    };
    return session.code === null ? (
      <SetupExplained onSignIn={() => signedOutWith(null)} />
    ) : (
      <SetupForm code={session.code} onSignedIn={signedIn} />
    );
  }
  if (session.state === 'reset') {
    return <ResetPasswordPage token={session.token} onDone={(notice) => signedOutWith(notice === '' ? null : notice)} />;
  }
  const signIn = session.state === 'signed-out' && (
    <SignInPage notice={session.notice} resetByMail={session.resetByMail} onSignedIn={(status) => setSession({ state: 'signed-in', status })} />
  );
  const shown = session.state === 'signed-in' ? session.status : session.kept;
  if (!shown) return signIn;
  // The same place in the tree signed in or kept behind the sign-in form, so the screen keeps its edits.
  return (
    <>
      {signIn}
      <div hidden={session.state !== 'signed-in'}>
        <SessionEndedContext.Provider value={sessionEnded}>
          <Dashboard status={shown} onSignedOut={() => signedOutWith(shellCopy.signedOut)} onUnsaved={reportUnsaved} />
        </SessionEndedContext.Provider>
      </div>
    </>
  );
}
