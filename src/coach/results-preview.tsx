/**
 * The results page as a visitor would see it, on the dashboard: the visitor's own components (the
 * cards, the insights, the offer), for nine ratings the coach sets, with the words and offers being
 * edited applied as typed. Drawn in a frame of a phone's or a desktop's width, so the page's own
 * breakpoints apply; the frame takes this page's stylesheets. Nothing is saved or counted here.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { coreDrivers } from '../content/drivers';
import { resultsCopy } from '../content/results';
import { site } from '../content/site';
import { CourseCta } from '../features/shared/course-cta';
import { DriverCards } from '../features/shared/driver-cards';
import { InsightsPanel } from '../features/shared/insights-panel';
import { PROFILE_TITLE_ID, ProfileHeader } from '../features/shared/profile-header';
import { SiteConfigContext, useSiteConfig } from '../lib/site-config';
import { useWords } from '../lib/words';
import type { SettingsResponse } from '../shared/coach-api/settings';
import type { Rating } from '../shared/constants';
import { buildInsights, countRatings, type RatedDriver } from '../shared/insights';
import { type Offer, patternOf, pickOffer } from '../shared/offer-pick';
import { defaultSiteConfig, type SiteConfig } from '../shared/site-config';
import { pageWords, type Words } from '../shared/words';
import { previewScale } from './embed-draft';
import { Panel } from './ui';
import { offersCopy, patternNames, previewCopy } from './content/words';

const copy = previewCopy;
const widths = { phone: 360, desktop: 1280 } as const;
type Width = keyof typeof widths;

/** The settings block a visitor's page would carry, with these words and offers. */
export function previewConfig(settings: SettingsResponse, words: Words, offers: readonly Offer[]): SiteConfig {
  const values = settings.values;
  const photo = values.coachPhoto;
  return {
    ...defaultSiteConfig,
    coach: { name: values.coachName, intro: values.coachIntro, photo: photo && settings.photoUrl ? { url: settings.photoUrl, width: photo.width, height: photo.height } : null },
    course: { url: values.courseUrl, pitch: values.coursePitch, length: values.courseLength, price: values.coursePrice, outcome: values.courseOutcome },
    helpLine: values.helpLineText === null ? null : { text: values.helpLineText, url: values.helpLineUrl },
    words: pageWords(words),
    offers: offers.length > 0 ? [...offers] : undefined,
  };
}

/** What the visitor sees once the insights are unlocked. */
function UnlockedResults({ ratings }: { ratings: readonly Rating[] }) {
  const words = useWords(resultsCopy, 'results');
  const disclaimer = useWords(site, 'site').disclaimer;
  const heading = useRef<HTMLHeadingElement>(null);
  const drivers = useMemo(
    () => coreDrivers.map((driver, index) => ({ id: driver.id, name: driver.name, scenario: driver.scenario, rating: ratings[index] ?? 2 })),
    [ratings],
  );
  return (
    <main className="mx-auto w-full max-w-5xl px-4 pt-5 pb-16 sm:px-6 sm:pt-12">
      <ProfileHeader title={words.profile.title} subtitle={words.profile.subtitle} counts={countRatings(drivers)} headingRef={heading} />
      <DriverCards drivers={drivers} labelledBy={PROFILE_TITLE_ID} />
      <p className="mx-auto mt-4 max-w-2xl text-center text-xs text-muted sm:text-sm">{disclaimer}</p>
      <div className="mx-auto mt-6 max-w-2xl sm:mt-10">
        <PreviewInsights drivers={drivers} />
        <CourseCta ratings={ratings} />
      </div>
    </main>
  );
}

function PreviewInsights({ drivers }: { drivers: readonly RatedDriver[] }) {
  const { words } = useSiteConfig();
  const insights = useMemo(() => buildInsights(drivers, words), [drivers, words]);
  return <InsightsPanel insights={insights} greeting={resultsCopy.insights.greeting(copy.sampleName)} focusOnMount={false} />;
}

/** A frame of `width` CSS pixels, scaled down to fit its place, holding `children` with this page's stylesheets. */
function PreviewFrame({ width, title, children }: { width: number; title: string; children: ReactNode }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(600);
  const [space, setSpace] = useState(0);

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    doc.open();
    doc.write('<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>');
    doc.close();
    for (const sheet of document.querySelectorAll('link[rel="stylesheet"], style')) doc.head.appendChild(sheet.cloneNode(true));
    doc.title = title;
    setBody(doc.body);
    const grow = new ResizeObserver(() => setHeight(Math.ceil(doc.documentElement.scrollHeight)));
    grow.observe(doc.body);
    return () => grow.disconnect();
  }, [title]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = new ResizeObserver(() => setSpace(element.clientWidth));
    measure.observe(element);
    return () => measure.disconnect();
  }, []);

  const scale = previewScale(space, width);
  return (
    <div ref={box} className="overflow-hidden rounded-2xl border border-line bg-paper" style={{ height: height * scale }}>
      <iframe ref={frame} title={title} className="block origin-top-left border-0" style={{ width, height, transform: `scale(${scale})` }} />
      {body && createPortal(children, body)}
    </div>
  );
}

const ratingChoices: readonly Rating[] = [1, 2, 3];

/**
 * The preview panel: nine ratings to set (Task Initiation rated 1 to start: one driver to work on),
 * the pattern and the offer they get, and the page at a phone's or a desktop's width.
 */
export function ResultsPreview({ settings, words, offers }: { settings: SettingsResponse; words: Words; offers: readonly Offer[] }) {
  const [ratings, setRatings] = useState<Rating[]>([2, 2, 2, 1, 2, 2, 2, 2, 2]);
  const [width, setWidth] = useState<Width>('phone');
  const config = useMemo(() => previewConfig(settings, words, offers), [settings, words, offers]);
  const offer = pickOffer(config.offers, ratings);
  return (
    <Panel title={copy.title} intro={copy.intro} titleId="results-preview-title">
      <fieldset>
        <legend className="font-semibold text-ink">{copy.ratings}</legend>
        <div className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-3">
          {coreDrivers.map((driver, index) => (
            <label key={driver.id} className="flex flex-col text-sm">
              <span className="font-semibold">{driver.shortName}</span>
              <select
                value={ratings[index]}
                onChange={(event) => setRatings((current) => current.map((rating, at) => (at === index ? (Number(event.target.value) as Rating) : rating)))}
                className="mt-1 min-h-11 rounded-xl border-2 border-muted bg-white px-2 text-base"
              >
                {ratingChoices.map((rating) => (
                  <option key={rating} value={rating}>
                    {copy.rating[rating]}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      </fieldset>
      <p role="status" className="mt-3 text-sm">
        {copy.gets(patternNames[patternOf(ratings)], offer === null ? offersCopy.defaultTitle : offer.title)}
      </p>
      <div role="group" aria-label={copy.widthLabel} className="mt-3 flex gap-2">
        {(Object.keys(widths) as Width[]).map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={width === name}
            onClick={() => setWidth(name)}
            className="min-h-11 rounded-full border-2 border-teal px-4 font-semibold text-teal aria-pressed:bg-teal aria-pressed:text-white"
          >
            {copy.widths[name]}
          </button>
        ))}
      </div>
      <div className="mt-3">
        <PreviewFrame key={width} width={widths[width]} title={copy.frameTitle(copy.widths[width])}>
          <SiteConfigContext value={config}>
            <UnlockedResults ratings={ratings} />
          </SiteConfigContext>
        </PreviewFrame>
      </div>
    </Panel>
  );
}
