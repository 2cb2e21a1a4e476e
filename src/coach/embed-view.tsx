/**
 * "On your site": the quiz on the coach's own website. The sites allowed to frame it, the two
 * snippets to copy, and the look inside the frame with a live preview of the real quiz (framed from
 * this origin, the coach's draft applied to it as they type, before anything is saved). The sites
 * and the look are one form, saved together from the save bar (draft-form.ts), like every screen
 * that edits settings.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { applyFrameStyle } from '../embed/frame-style';
import { coachApi, type SettingsResponse } from '../shared/coach-api';
import { coachSettings, type SettingProblem } from '../shared/coach-settings';
import { defaultEmbedLook, embedScriptLook, frameStyle, quizColours, type EmbedLook } from '../shared/frame-look';
import { checkOriginList } from '../shared/origins';
import { coachCopy } from './content';
import { CopyableCode } from './copyable';
import { sameDraft, useDraftForm, type DraftForm } from './draft-form';
import { checkLookDraft, embedSnippets, lookDraftOf, lookFields, previewScale, type LookDraft } from './embed-draft';
import { SaveBar } from './save-bar';
import { useSaveSettings } from './settings-save';
import { inputClass, LoadError, Loading, Panel } from './ui';
import { useCoachData } from './use-coach-data';

const copy = coachCopy.embed;
const saving = coachCopy.settings;
const FORM_ID = 'embed-form';

/** The screen's fields: the allowed sites as typed, one per line, and each field of the look. */
type EmbedDrafts = LookDraft & { sites: string };

const startDrafts = (settings: SettingsResponse): EmbedDrafts => ({
  sites: (settings.values.embedOrigins ?? []).join('\n'),
  ...lookDraftOf(settings.values.embedLook ?? defaultEmbedLook),
});

/** The element a field's problem sends focus to: the server names the look as a whole `embedLook`. */
function fieldId(field: string): string {
  if (field === 'sites' || field === 'embedOrigins') return 'embed-sites';
  return `embed-look-${field === 'embedLook' ? 'background' : field}`;
}

function SitesPanel({ settings, form }: { settings: SettingsResponse; form: DraftForm<EmbedDrafts> }) {
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

function SnippetsPanel({ hasSites }: { hasSites: boolean }) {
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

type FieldFrame = { id: string; label: string; hint: string; error: string | undefined };

/** What the input of an optional look field is described by: its hint, and its problem when it has one. */
const describedBy = ({ id, error }: FieldFrame) => [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

/** An optional field of the look: its label, hint, the input(s) given, and its problem under them. */
function OptionalField({ frame, children }: { frame: FieldFrame; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={frame.id} className="font-semibold text-ink">
        {frame.label} <span className="font-normal text-muted">({saving.optional})</span>
      </label>
      <p id={`${frame.id}-hint`} className="mt-1 text-sm text-pretty text-muted">
        {frame.hint}
      </p>
      {children}
      {frame.error && (
        <p id={`${frame.id}-error`} className="mt-1 text-sm font-semibold text-support">
          {frame.error}
        </p>
      )}
    </div>
  );
}

type ColourFieldProps = FieldFrame & {
  value: string;
  /** The colour in force while the field is empty, shown as its placeholder and in the picker. */
  empty: string;
  onChange: (value: string) => void;
};

const hex = /^#[0-9a-f]{6}$/i;

/** A colour as hex text, with the browser's colour picker beside it. */
function ColourField({ value, empty, onChange, ...frame }: ColourFieldProps) {
  const swatch = hex.test(value.trim()) ? value.trim().toLowerCase() : empty;
  return (
    <OptionalField frame={frame}>
      <div className="mt-1 flex gap-2">
        <input
          id={frame.id}
          type="text"
          value={value}
          spellCheck={false}
          autoComplete="off"
          placeholder={empty}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={frame.error ? true : undefined}
          aria-describedby={describedBy(frame)}
          className={`${inputClass} font-mono`}
        />
        <input
          type="color"
          value={swatch}
          onChange={(event) => onChange(event.target.value)}
          aria-label={copy.pick(frame.label)}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-xl border-2 border-muted bg-white p-1"
        />
      </div>
    </OptionalField>
  );
}

/** The quiz's own accent, in force while the coach chooses none. */
const teal = quizColours.teal;

const previewWidths = [360, 660, 1000] as const;
const PREVIEW_HEIGHT = 560;

/** The real quiz in a frame of a chosen width, shrunk to fit, with the draft look applied to it. */
function Preview({ look }: { look: EmbedLook }) {
  // A phone's frame on a phone, where a wider one would shrink to a size too small to read.
  const [width, setWidth] = useState<(typeof previewWidths)[number]>(() => (window.innerWidth < 640 ? 360 : 660));
  const [pageColour, setPageColour] = useState('#ffffff');
  const [space, setSpace] = useState(0);
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setSpace(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const apply = () => {
    const root = frame.current?.contentDocument?.documentElement;
    if (root) applyFrameStyle(frameStyle(look), 'inline', root);
  };
  // Every draft, at once: the frame is of this origin, so its page is reachable.
  useEffect(apply);

  const scale = previewScale(space, width);
  const button = embedScriptLook(look);
  return (
    <section aria-labelledby="embed-preview-title" className="rounded-3xl border border-line bg-white p-4 shadow-sm sm:p-6">
      <h3 id="embed-preview-title" className="text-lg font-bold text-teal-dark">
        {copy.previewTitle}
      </h3>
      <p className="mt-1 text-sm text-muted">{copy.previewIntro}</p>
      <div className="mt-3 flex flex-wrap items-end gap-x-6 gap-y-3">
        <fieldset>
          <legend className="text-sm font-semibold text-ink">{copy.previewWidth}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {previewWidths.map((value) => (
              <label
                key={value}
                className="inline-flex min-h-11 cursor-pointer items-center rounded-full border-2 border-line px-4 text-sm font-semibold text-ink has-checked:border-teal has-checked:bg-teal has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-teal"
              >
                <input type="radio" name="preview-width" value={value} checked={width === value} onChange={() => setWidth(value)} className="sr-only" />
                {copy.previewWidths[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm font-semibold text-ink">
          <input type="color" value={pageColour} onChange={(event) => setPageColour(event.target.value)} className="h-11 w-14 cursor-pointer rounded-xl border-2 border-muted bg-white p-1" />
          {copy.pageColour}
        </label>
      </div>
      <div ref={stage} className="mt-4 overflow-hidden rounded-2xl border border-line" style={{ backgroundColor: pageColour, height: PREVIEW_HEIGHT }}>
        <iframe
          ref={frame}
          title={copy.previewFrame}
          src="/?embed=inline"
          onLoad={apply}
          className="block origin-top-left border-0"
          style={{ width, height: PREVIEW_HEIGHT / scale, transform: `scale(${scale})`, colorScheme: 'normal' }}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3 rounded-2xl px-4 py-3" style={{ backgroundColor: pageColour }}>
        <p className="text-sm font-semibold text-ink">{copy.popupPreview}:</p>
        {/* As embed.js draws it on the coach's page (src/embed/embed.ts); not a control here. */}
        <span
          className="inline-flex min-h-12 items-center rounded-full px-7 py-3 text-lg leading-tight font-semibold"
          style={{ background: button.buttonColour ?? teal, color: button.buttonTextColour ?? quizColours.white }}
        >
          {button.buttonText ?? 'Discover Your Core Drivers'}
        </span>
      </div>
    </section>
  );
}

function LookPanel({ settings, form }: { settings: SettingsResponse; form: DraftForm<EmbedDrafts> }) {
  const draft = form.drafts;
  const { look } = checkLookDraft(draft);
  // The preview keeps the last valid look while a field is wrong.
  const [lastGood, setLastGood] = useState<EmbedLook>(settings.values.embedLook ?? defaultEmbedLook);
  if (look && !sameDraft(look, lastGood)) setLastGood(look);
  const edit = (change: Partial<LookDraft>) => {
    for (const [field, value] of Object.entries(change)) form.edit(field as keyof LookDraft, value as never);
  };

  const error = (field: keyof EmbedLook) => form.errors[field] ?? (field === 'background' ? form.errors.embedLook : undefined);
  const buttonTextFrame = { id: 'embed-look-buttonText', label: copy.buttonText, hint: copy.buttonTextHint, error: error('buttonText') };
  return (
    <Panel title={copy.lookTitle} intro={copy.lookIntro} titleId="embed-look-title">
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,24rem)_1fr]">
        <div className="space-y-5">
          <div>
            <div className="flex items-center gap-3">
              <input
                id="embed-look-hideChrome"
                type="checkbox"
                checked={draft.hideChrome}
                onChange={(event) => edit({ hideChrome: event.target.checked })}
                aria-describedby="embed-look-hideChrome-hint"
                className="size-6 shrink-0 accent-teal"
              />
              <label htmlFor="embed-look-hideChrome" className="inline-flex min-h-11 items-center font-semibold text-ink">
                {copy.hideChrome}
              </label>
            </div>
            <p id="embed-look-hideChrome-hint" className="mt-1 ml-9 text-sm text-muted">
              {copy.hideChromeHint}
            </p>
          </div>

          <fieldset aria-describedby={error('background') ? 'embed-look-background-error' : undefined}>
            <legend className="font-semibold text-ink">{copy.background}</legend>
            <div className="mt-2 space-y-1">
              {(['page', 'transparent', 'colour'] as const).map((value) => (
                <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3">
                  <input
                    id={value === 'page' ? 'embed-look-background' : undefined}
                    type="radio"
                    name="embed-background"
                    checked={draft.background === value}
                    onChange={() => edit({ background: value })}
                    className="size-5 shrink-0 accent-teal"
                  />
                  <span>{copy.backgrounds[value]}</span>
                </label>
              ))}
            </div>
            {draft.background === 'transparent' && <p className="mt-1 text-sm text-muted">{copy.transparentHint}</p>}
            {draft.background === 'colour' && (
              <div className="mt-2">
                <ColourField
                  id="embed-look-backgroundColour"
                  label={copy.backgroundColour}
                  hint={copy.backgroundHint}
                  value={draft.backgroundColour}
                  empty={quizColours.white}
                  error={undefined}
                  onChange={(backgroundColour) => edit({ backgroundColour })}
                />
              </div>
            )}
            {error('background') && (
              <p id="embed-look-background-error" className="mt-1 text-sm font-semibold text-support">
                {error('background')}
              </p>
            )}
          </fieldset>

          <ColourField
            id="embed-look-accent"
            label={copy.accent}
            hint={copy.accentHint}
            value={draft.accent}
            empty={teal}
            error={error('accent')}
            onChange={(accent) => edit({ accent })}
          />

          <OptionalField frame={buttonTextFrame}>
            <input
              id={buttonTextFrame.id}
              type="text"
              value={draft.buttonText}
              maxLength={80}
              placeholder="Discover Your Core Drivers"
              onChange={(event) => edit({ buttonText: event.target.value })}
              aria-invalid={buttonTextFrame.error ? true : undefined}
              aria-describedby={describedBy(buttonTextFrame)}
              className={`mt-1 ${inputClass}`}
            />
          </OptionalField>

          <ColourField
            id="embed-look-buttonColour"
            label={copy.buttonColour}
            hint={copy.buttonColourHint}
            value={draft.buttonColour}
            empty={hex.test(draft.accent.trim()) ? draft.accent.trim().toLowerCase() : teal}
            error={error('buttonColour')}
            onChange={(buttonColour) => edit({ buttonColour })}
          />
        </div>
        <div>
          <Preview look={look ?? lastGood} />
          {!look && <p className="mt-2 text-sm text-muted">{copy.fixFirst}</p>}
        </div>
      </div>
    </Panel>
  );
}

/** The screen's check, the server's rules: the sites' list and the look's fields, each problem by field. */
function checkEmbed(drafts: EmbedDrafts, changed: (keyof EmbedDrafts)[]): SettingProblem[] {
  const problems: SettingProblem[] = [];
  if (changed.includes('sites')) {
    const sites = checkOriginList(coachSettings.embedOrigins.label, drafts.sites);
    if (!sites.ok) problems.push({ field: 'sites', message: sites.message });
  }
  if (changed.some((field) => lookFields.includes(field as keyof LookDraft))) {
    for (const [field, message] of Object.entries(checkLookDraft(drafts).problems)) problems.push({ field, message });
  }
  return problems;
}

function EmbedForm({ loaded }: { loaded: SettingsResponse }) {
  const [settings, setSettings] = useState(loaded);
  const saveSettings = useSaveSettings();
  const form = useDraftForm<EmbedDrafts>({
    start: () => startDrafts(settings),
    check: checkEmbed,
    save: async (drafts, changed) => {
      const change: Record<string, unknown> = {};
      if (changed.includes('sites')) {
        const sites = checkOriginList(coachSettings.embedOrigins.label, drafts.sites);
        change.embedOrigins = sites.ok && sites.value.length > 0 ? sites.value : null;
      }
      if (changed.some((field) => lookFields.includes(field as keyof LookDraft))) change.embedLook = checkLookDraft(drafts).look;
      const answer = await saveSettings(change);
      if (answer.kind !== 'saved') return answer;
      setSettings(answer.settings);
      return { kind: 'saved', drafts: startDrafts(answer.settings) };
    },
    fieldId,
  });
  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-pretty text-muted">{copy.intro}</p>
      <form id={FORM_ID} noValidate onSubmit={(event) => void form.submit(event)} aria-label={coachCopy.views.embed} className="space-y-6">
        <SitesPanel settings={settings} form={form} />
        <SnippetsPanel hasSites={(settings.values.embedOrigins ?? []).length > 0} />
        <LookPanel settings={settings} form={form} />
      </form>
      <SaveBar form={form} formId={FORM_ID} />
    </div>
  );
}

export function EmbedView() {
  const { data, error, reload } = useCoachData<SettingsResponse>(coachApi.settings);
  if (error && !data) return <LoadError onRetry={reload} />;
  if (!data) return <Loading />;
  return <EmbedForm loaded={data} />;
}
