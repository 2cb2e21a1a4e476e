/**
 * The settings' history on the settings screen: every kept version, newest first, what it changed
 * (old → new, a secret only "changed"), who made it, and a button that restores it in one step.
 * A restore is itself a version (and logged), so it can be undone the same way.
 */
import { useEffect, useState } from 'react';
import { BusyButton } from '../lib/busy-button';
import type { SettingsVersion, SettingsVersionsResponse } from '../shared/coach-api/audit';
import { coachApi, restoreSettingsPath } from '../shared/coach-api/routes';
import type { SettingsResponse } from '../shared/coach-api/settings';
import { changeLine } from '../shared/settings-history';
import { CoachApiFailure, coachRequest } from './api';
import { auditActor } from './content/audit';
import { settingsCopy } from './content/settings';
import { distinctTimes } from './format';
import { LoadError, Loading, Pager, Panel, secondaryButton, usePages } from './ui';
import { useCoachData, useSessionEnded } from './use-coach-data';

const copy = settingsCopy.history;

/**
 * `saves` counts the screen's saves (the list is asked again after each); `blocked` while the screen
 * holds unsaved edits, which a restore would silently replace.
 */
export function SettingsHistory({ saves, blocked, onRestored }: { saves: number; blocked: boolean; onRestored: (settings: SettingsResponse) => void }) {
  const pages = usePages();
  const { data, error, loading, reload } = useCoachData<SettingsVersionsResponse>(coachApi.settingsVersions, { cursor: pages.cursor, limit: '10' });
  const [busy, setBusy] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'restored'; when: string } | { kind: 'failed' } | null>(null);
  const sessionEnded = useSessionEnded();

  // Each save of the screen is a new version.
  useEffect(() => {
    if (saves > 0) reload();
  }, [saves, reload]);

  async function restore(version: SettingsVersion) {
    setBusy(version.revision);
    setOutcome(null);
    try {
      const settings = await coachRequest<SettingsResponse>(restoreSettingsPath(version.revision), { method: 'POST' });
      setOutcome({ kind: 'restored', when: whenOf(version) });
      pages.reset();
      reload();
      onRestored(settings);
    } catch (failure) {
      if (failure instanceof CoachApiFailure && failure.status === 401) return sessionEnded();
      setOutcome({ kind: 'failed' });
    } finally {
      setBusy(null);
    }
  }

  // A version's time in words, told apart from the others on the page (two saved in one minute had
  // the same name, and so did their Restore buttons); the first version kept has none worth showing.
  const times = distinctTimes(data?.versions ?? [], (version, time) => copy.numbered(time, version.revision));
  const timeOf = (version: SettingsVersion) => times.get(version) ?? '';
  const whenOf = (version: SettingsVersion) => (version.actor === null ? copy.beganWhen : timeOf(version));

  /** When the version a restore brought back was made, if it is on this page. */
  const restoredWhen = (revision: number) => {
    const restored = data?.versions.find((version) => version.revision === revision);
    return restored ? whenOf(restored) : copy.earlier;
  };

  return (
    <Panel title={copy.title} intro={copy.intro} titleId="settings-history">
      <div role="status" className="mb-3 live-region">
        {outcome?.kind === 'restored' && <p className="rounded-2xl bg-teal-soft px-4 py-3 font-semibold text-teal-dark">{copy.restored(outcome.when)}</p>}
      </div>
      <p role="alert" className="mb-3 text-sm font-semibold text-support live-region">
        {outcome?.kind === 'failed' && copy.failed}
      </p>
      {blocked && <p className="mb-3 rounded-2xl bg-sun-soft px-4 py-3 text-sm font-semibold text-ink">{copy.saveFirst}</p>}
      <div aria-busy={loading}>
        {error ? (
          <LoadError onRetry={reload} />
        ) : !data ? (
          <Loading />
        ) : (
          <ol aria-label={copy.listLabel} className={`divide-y divide-line border-y border-line ${loading ? 'opacity-60' : ''}`}>
            {data.versions.map((version) => (
              <li key={version.revision} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold text-ink">
                    {version.actor === null ? copy.beganTitle : timeOf(version)}
                    {version.current && <span className="ml-2 rounded-full bg-teal-soft px-2 py-0.5 text-sm text-teal-dark">{copy.current}</span>}
                  </p>
                  {version.actor !== null && <p className="text-sm text-muted">{auditActor({ actor: version.actor, sessionId: version.sessionId, signedIn: version.signedIn })}</p>}
                  {version.restoredFrom !== null && <p className="text-sm text-muted">{copy.restoredFrom(restoredWhen(version.restoredFrom))}</p>}
                  {version.actor === null && version.changes.length === 0 ? (
                    <p className="text-sm text-muted">{copy.first}</p>
                  ) : (
                    <ul className="mt-1 space-y-0.5 text-sm break-words text-ink">
                      {version.changes.map((change) => (
                        <li key={change.field}>{changeLine(change)}</li>
                      ))}
                    </ul>
                  )}
                </div>
                {!version.current && (
                  <BusyButton
                    type="button"
                    disabled={blocked}
                    busy={busy !== null}
                    onClick={() => void restore(version)}
                    aria-label={`${copy.restore}: ${whenOf(version)}`}
                    className={`${secondaryButton} shrink-0 self-start disabled:cursor-not-allowed`}
                  >
                    {busy === version.revision ? copy.restoring : copy.restore}
                  </BusyButton>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      <Pager pages={pages} nextCursor={data?.nextCursor} />
    </Panel>
  );
}
