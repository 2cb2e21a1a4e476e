/**
 * The coach's settings in force on this instance, and what follows them: the visitor's pages
 * (rendered again with the new settings, server/pages/site-pages.ts) and the profile aggregate's
 * days (rebuilt in a new analytics time zone, once, by whichever instance sees the change first; the
 * others find it done). Each instance checks for a change every second (./service.ts).
 */
import type { SettingValues } from '../../src/shared/coach-settings';
import type { ServerConfig } from '../config';
import { mailIsOn } from '../mail/mail-config';
import { SitePages } from '../pages/site-pages';
import { siteConfigFor } from '../site-config';
import type { Storage } from '../storage/storage';
import { keySourceOf, loadSecretBox, missingKeyMessage } from './secret-box';
import { SettingsService } from './service';

type Log = Parameters<typeof SettingsService.open>[0]['log'];

const zoneOf = (values: SettingValues) => values.analyticsTimeZone ?? 'UTC';

export async function openLiveSettings(config: ServerConfig, storage: Storage, log: Log): Promise<{ settings: SettingsService; pages: SitePages }> {
  const secrets = loadSecretBox(keySourceOf(config));
  if (!secrets.hasKey) log.warn({}, missingKeyMessage);
  const settings = await SettingsService.open({ table: storage.settings, environment: config.environmentSettings, secrets, log });
  const siteConfig = (values: SettingValues) => siteConfigFor(values, mailIsOn(values, config.publicUrl));
  // Built once, or rebuilt when the zone changed while no server ran (one pass over the submissions).
  await storage.funnel.useProfileTimeZone(zoneOf(settings.values));
  const pages = await SitePages.load(config.distDir, siteConfig(settings.values));
  settings.onChange(async (values, previous) => {
    if (zoneOf(values) !== zoneOf(previous)) {
      await storage.funnel.useProfileTimeZone(zoneOf(values)).catch((error: unknown) => {
        log.error({ err: error }, 'rebuilding the profile aggregate in the new time zone failed; the next start tries again');
      });
    }
    await pages.update(siteConfig(values)).catch((error: unknown) => {
      log.error({ err: error }, 'rendering the pages with the new settings failed; the previous ones are still sent');
    });
  });
  return { settings, pages };
}
