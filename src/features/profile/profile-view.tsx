import { useCallback, useMemo, useRef, useState } from 'react';
import { coreDrivers } from '../../content/drivers';
import { profileCopy } from '../../content/profile';
import { resultsCopy } from '../../content/results';
import { useSiteConfig } from '../../lib/site-config';
import { useWords } from '../../lib/words';
import { pageTitle, site } from '../../content/site';
import { useFocusOnArrival, useFocusOnReplace, usePageTitle } from '../../lib/screen';
import type { CoreDriverResult } from '../../shared/core-drivers-state';
import { dayInWords, describeChanges } from '../../shared/profile-changes';
import type { ProfileResponse } from '../../shared/profile-api';
import type { ProfileSection } from '../../shared/profile-sections';
import { CourseCta } from '../shared/course-cta';
import { DriverCards } from '../shared/driver-cards';
import { buildInsights, countRatings } from '../../shared/insights';
import { InsightsPanel } from '../shared/insights-panel';
import { PrintButton, PrintFooter } from '../shared/print-button';
import { PROFILE_TITLE_ID, ProfileHeader } from '../shared/profile-header';
import { ChangesPanel } from './changes-panel';


/**
 * The profile as the results page showed it (cards, insights, the course when the visitor may get
 * it), without the gate or the timeline; on a retake, what changed since the quiz before comes
 * first; a button to print it.
 */
export function ProfileView({ profile, focusOnMount = false, openAt = null }: { profile: ProfileResponse; focusOnMount?: boolean; openAt?: ProfileSection | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Days in the visitor's own time zone ("3 March"), with the year when it is not this one, kept
  // on one line: a phone would otherwise break "27 / November" after a short name.
  const [now] = useState(() => Date.now());
  const day = useCallback((at: number) => dayInWords(at, undefined, now).replaceAll(' ', '\u00a0'), [now]);
  const copy = useWords(resultsCopy.profile, 'results.profile');
  usePageTitle(pageTitle(copy.title));
  useFocusOnArrival(heading);
  // Shown after Try again: the button pressed is gone, and the profile's heading takes its focus.
  useFocusOnReplace(heading, focusOnMount);

  const drivers = useMemo<CoreDriverResult[]>(
    () => coreDrivers.map((driver, index) => ({ id: driver.id, name: driver.shortName, scenario: driver.scenario, rating: profile.ratings[index] ?? 2 })),
    [profile.ratings],
  );
  const { words } = useSiteConfig();
  const insights = useMemo(() => buildInsights(drivers, words), [drivers, words]);
  const disclaimer = useWords(site, 'site').disclaimer;
  const changes = useMemo(
    () =>
      profile.previous &&
      describeChanges(
        { ratings: profile.previous.ratings, at: Date.parse(profile.previous.submittedAt) },
        { ratings: profile.ratings, at: Date.parse(profile.submittedAt) },
        day,
      ),
    [profile, day],
  );

  return (
    <main className="mx-auto w-full max-w-5xl px-4 pt-5 pb-16 sm:px-6 sm:pt-12 print:max-w-none print:p-0">
      <ProfileHeader
        title={copy.title}
        subtitle={`${profileCopy.greeting(profile.firstName)} ${profileCopy.takenOn(day(Date.parse(profile.submittedAt)))}`}
        counts={countRatings(drivers)}
        headingRef={heading}
      >
        <PrintButton className="mt-5" />
      </ProfileHeader>
      {changes && (
        <div className="mx-auto mt-6 max-w-2xl sm:mt-8 print:mt-3 print:max-w-none">
          <ChangesPanel summary={changes} />
        </div>
      )}

      <DriverCards drivers={drivers} labelledBy={PROFILE_TITLE_ID} />
      <p className="mx-auto mt-4 max-w-2xl text-center text-xs text-muted sm:text-sm">{disclaimer}</p>

      <div className="mx-auto mt-6 max-w-2xl sm:mt-10 print:mt-4 print:max-w-none">
        <InsightsPanel insights={insights} title={profileCopy.insightsTitle} greeting={null} focusOnMount={false} openAt={openAt} />
        {profile.showCourse && <CourseCta ratings={profile.ratings} />}
        <PrintFooter coachName={profile.coachName} />
      </div>
    </main>
  );
}
