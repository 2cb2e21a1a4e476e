/**
 * The visitor's settings block (`src/shared/site-config.ts`), made from the settings in force:
 * the environment's, else the coach's from the dashboard, else the defaults (server/settings/).
 * The server renders every page with it and puts it into each page's `<head>` whenever the settings
 * change (server/pages/site-pages.ts). A data block, not a script: the CSP needs no change.
 *
 * Nothing secret belongs here: every visitor can read it. A new visible setting gets its line below
 * and its field in SiteConfig.
 */
import type { SettingValues } from '../src/shared/coach-settings';
import { defaultEmbedLook, frameStyle } from '../src/shared/frame-look';
import type { SiteConfig } from '../src/shared/site-config';
import { pageWords } from '../src/shared/words';
import { consentBoxText, consentVersion, consentWording } from './leads/consent';
import { imagePath } from './settings/image';

export function siteConfigFor(values: SettingValues, mailOn = false): SiteConfig {
  const photo = values.coachPhoto;
  return {
    privacyUrl: values.privacyUrl,
    consentCheckboxText: consentBoxText(values),
    consentVersion: consentVersion(consentWording({ ...values, mailOn })),
    embedOrigins: values.embedOrigins ?? [],
    coach: {
      name: values.coachName,
      intro: values.coachIntro,
      photo: photo === null ? null : { url: imagePath(photo), width: photo.width, height: photo.height },
    },
    course: {
      url: values.courseUrl,
      pitch: values.coursePitch,
      length: values.courseLength,
      price: values.coursePrice,
      outcome: values.courseOutcome,
    },
    helpLine: values.helpLineText === null ? null : { text: values.helpLineText, url: values.helpLineUrl },
    frame: frameStyle(values.embedLook ?? defaultEmbedLook),
    mailOn,
    // Left out when the coach changed no text (undefined is not written into the page's block).
    words: pageWords(values.words),
    offers: values.offers !== null && values.offers.length > 0 ? values.offers : undefined,
  };
}
