/** The look inside the frame: chrome, background, accent and the popup's button, beside the live preview. */
import { useState } from 'react';
import type { SettingsResponse } from '../../shared/coach-api/settings';
import { defaultEmbedLook, quizColours, type EmbedLook } from '../../shared/frame-look';
import { embedCopy } from '../content/embed';
import { sameDraft, type DraftForm } from '../draft-form';
import { checkLookDraft, type LookDraft } from '../embed-draft';
import { inputClass, Panel } from '../ui';
import type { EmbedDrafts } from './drafts';
import { ColourField, describedBy, hex, OptionalField } from './look-fields';
import { Preview } from './preview';

const copy = embedCopy;

/** The quiz's own accent, in force while the coach chooses none. */
const teal = quizColours.teal;

export function LookPanel({ settings, form }: { settings: SettingsResponse; form: DraftForm<EmbedDrafts> }) {
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
                  error={form.errors.backgroundColour}
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
