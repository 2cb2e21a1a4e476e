/** The sites allowed to frame the quiz, and the two snippets to paste on them. */
import type { SettingsResponse } from '../../shared/coach-api/settings';
import { coachSettings } from '../../shared/coach-settings';
import { embedCopy } from '../content/embed';
import { CopyableCode } from '../copyable';
import type { DraftForm } from '../draft-form';
import { embedSnippets } from '../embed-draft';
import { inputClass, Panel } from '../ui';
import type { EmbedDrafts } from './drafts';

const copy = embedCopy;

export function SitesPanel({ settings, form }: { settings: SettingsResponse; form: DraftForm<EmbedDrafts> }) {
  const origins = settings.values.embedOrigins ?? [];
  const fromServer = settings.sources.embedOrigins === 'environment';
  const problem = form.errors.sites ?? form.errors.embedOrigins;
  const { label, env = '' } = coachSettings.embedOrigins;

  const described = ['embed-sites-hint', fromServer ? 'embed-sites-server' : null, problem ? 'embed-sites-error' : null].filter(Boolean).join(' ');
  return (
    <Panel title={copy.sitesTitle} intro={copy.sitesIntro} titleId="embed-sites-title">
      <div className="space-y-2">
        <label htmlFor="embed-sites" className="font-semibold text-ink">
          {label}
        </label>
        <p id="embed-sites-hint" className="text-sm text-pretty text-muted">
          {copy.sitesHint}
        </p>
        <textarea
          id="embed-sites"
          rows={3}
          value={fromServer ? origins.join('\n') : form.drafts.sites}
          readOnly={fromServer}
          spellCheck={false}
          autoComplete="off"
          placeholder="https://coach.example"
          onChange={(event) => form.edit('sites', event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={described}
          className={`${inputClass} py-2 font-mono text-sm ${fromServer ? 'border-line bg-paper' : ''}`}
        />
        {fromServer && (
          <p id="embed-sites-server" className="text-sm font-semibold text-teal-dark">
            {copy.fromServer(env)}
          </p>
        )}
        {problem && (
          <p id="embed-sites-error" className="text-sm font-semibold text-support">
            {problem}
          </p>
        )}
      </div>
    </Panel>
  );
}

export function SnippetsPanel({ hasSites }: { hasSites: boolean }) {
  const snippets = embedSnippets(window.location.origin);
  return (
    <Panel title={copy.snippetsTitle} intro={copy.snippetsIntro} titleId="embed-snippets-title">
      {!hasSites && <p className="mb-4 rounded-2xl bg-sun-soft px-4 py-3 text-sm font-semibold text-ink">{copy.sitesNone}</p>}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div>
          <h3 className="font-semibold text-ink">{copy.inlineTitle}</h3>
          <p className="mb-2 text-sm text-muted">{copy.inlineHint}</p>
          <CopyableCode code={snippets.inline} label={copy.inlineLabel} />
        </div>
        <div>
          <h3 className="font-semibold text-ink">{copy.popupTitle}</h3>
          <p className="mb-2 text-sm text-muted">{copy.popupHint}</p>
          <CopyableCode code={snippets.popup} label={copy.popupLabel} />
        </div>
      </div>
    </Panel>
  );
}
