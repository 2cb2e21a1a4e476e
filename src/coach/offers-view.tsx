/**
 * "Offers": up to five offers, each for some patterns or drivers, in the coach's order (the first
 * that fits wins), each with the patterns it catches; then the default offer (the course settings)
 * for everyone else. The offers are a draft until the coach saves them from the dashboard's one save
 * bar (draft-form.ts, save-bar.tsx), as on every screen that edits settings; nothing reaches
 * visitors until then, and leaving with unsaved offers asks first.
 */
import { useMemo, useRef } from 'react';
import { coreDrivers, type DriverId } from '../content/drivers';
import type { SettingsResponse } from '../shared/coach-api/settings';
import type { SettingProblem } from '../shared/coach-settings';
import { coverage, MAX_OFFERS, patternIds } from '../shared/offers';
import { shellCopy } from './content/shell';
import { offersCopy, patternNames } from './content/words';
import { useDraftForm } from './draft-form';
import { checkedDraft, draftOf, moved, newOffer, type OfferDraft, type OfferProblem, type OfferTextField, offersToSave, sentOf, textFields, toggled } from './offers-draft';
import { ResultsPreview } from './results-preview';
import { SaveBar } from './save-bar';
import { useSaveSettings } from './settings-save';
import { useSettingsOnReturn, WithSettings } from './settings-loader';
import { inputClass, Panel, secondaryButton } from './ui';
import { useFocusOnceShown } from './use-focus-on-step';

const copy = offersCopy;
const driverIds = coreDrivers.map((driver) => driver.id);
const optionalFields = new Set<OfferTextField>(['length', 'price', 'outcome', 'button']);

function Catches({ caught }: { caught: ReturnType<typeof coverage>[number] | undefined }) {
  if (!caught) return <p className="text-sm text-muted">{copy.fixToSee}</p>;
  if (caught.patterns.length === 0) return <p className="text-sm font-semibold text-ink">{copy.catchesNone}</p>;
  return (
    <div className="rounded-2xl bg-teal-soft px-3 py-2 text-sm">
      <p className="font-semibold text-teal-dark">{copy.catches}</p>
      <ul className="mt-1 list-disc pl-5">
        {caught.patterns.map(({ pattern, caught: count, of }) => (
          <li key={pattern}>
            {patternNames[pattern]}: {count === of ? copy.caughtAll : copy.caughtSome(count, of)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Choices<T extends string | number>({ legend, name, firstId, describedBy, options, chosen, label, onChange }: {
  legend: string;
  name: string;
  /** The first box's id (a problem with who the offer is for sends focus there). */
  firstId?: string;
  /** The problem with who the offer is for, read with each group. */
  describedBy: string | undefined;
  options: readonly T[];
  chosen: readonly T[];
  label: (option: T) => string;
  onChange: (chosen: T[]) => void;
}) {
  return (
    <fieldset className="mt-3" aria-describedby={describedBy}>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <div className="mt-1 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((option, index) => (
          <label key={option} className="flex min-h-11 items-center gap-2">
            <input
              id={index === 0 ? firstId : undefined}
              type="checkbox"
              name={name}
              checked={chosen.includes(option)}
              onChange={(event) => onChange(toggled(chosen, option, event.target.checked, options))}
              className="size-5 shrink-0 accent-teal"
            />
            {label(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function OfferEditor({ draft, index, count, problems, caught, onChange, onMove, onRemove }: {
  draft: OfferDraft;
  index: number;
  count: number;
  /** What the offer still needs, each beside its field (shown once a save was refused). */
  problems: OfferProblem[];
  caught: ReturnType<typeof coverage>[number] | undefined;
  onChange: (draft: OfferDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const title = copy.offerTitle(index, draft.title);
  const id = (field: string) => `offer-${draft.id}-${field}`;
  // Focusable, for where focus goes once an offer is added, or the one before it removed.
  const heading = useRef<HTMLHeadingElement>(null);
  const ruleProblems = problems.filter((problem) => problem.field === 'rule');
  const ruleDescribed = ruleProblems.length > 0 ? id('rule-error') : undefined;
  return (
    <Panel title={title} titleId={id('title-heading')} titleRef={heading}>
      <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
        <div className="space-y-3">
          {textFields.map((field) => {
            const hint = field === 'url' || field === 'pitch' || field === 'button' ? copy.hints[field] : null;
            const problem = problems.find((entry) => entry.field === field);
            const common = {
              id: id(field),
              value: draft[field],
              onChange: (event: { target: { value: string } }) => onChange({ ...draft, [field]: event.target.value }),
              'aria-invalid': problem ? true : undefined,
              'aria-describedby': [hint ? id(`${field}-hint`) : null, problem ? id(`${field}-error`) : null].filter(Boolean).join(' ') || undefined,
              className: `mt-1 ${inputClass}`,
            };
            return (
              <div key={field}>
                <label htmlFor={id(field)} className="font-semibold text-ink">
                  {copy.fields[field]}
                  {optionalFields.has(field) && <span className="font-normal text-muted"> ({copy.optional})</span>}
                </label>
                {field === 'pitch' ? <textarea {...common} rows={4} className={`${common.className} py-2`} /> : <input {...common} type={field === 'url' ? 'url' : 'text'} autoComplete="off" />}
                {hint && (
                  <p id={id(`${field}-hint`)} className="mt-1 text-sm text-muted">
                    {hint}
                  </p>
                )}
                {problem && (
                  <p id={id(`${field}-error`)} className="mt-1 text-sm font-semibold text-support">
                    {problem.message}
                  </p>
                )}
              </div>
            );
          })}
          <div className="border-t border-line pt-3">
            <h3 className="font-bold text-teal-dark">{copy.rule.title}</h3>
            <p className="text-sm text-muted">{copy.rule.intro}</p>
            {ruleProblems.length > 0 && (
              <p id={id('rule-error')} className="mt-1 text-sm font-semibold text-support">
                {ruleProblems.map((problem) => problem.message).join(' ')}
              </p>
            )}
            <Choices legend={copy.rule.patterns} name={id('patterns')} firstId={id('rule')} describedBy={ruleDescribed} options={patternIds} chosen={draft.patterns} label={(pattern) => patternNames[pattern]} onChange={(patterns) => onChange({ ...draft, patterns })} />
            <Choices<DriverId> legend={copy.rule.weak} name={id('weak')} describedBy={ruleDescribed} options={driverIds} chosen={draft.weak} label={(driver) => coreDrivers[driver - 1]?.shortName ?? ''} onChange={(weak) => onChange({ ...draft, weak })} />
            <Choices<DriverId> legend={copy.rule.strong} name={id('strong')} describedBy={ruleDescribed} options={driverIds} chosen={draft.strong} label={(driver) => coreDrivers[driver - 1]?.shortName ?? ''} onChange={(strong) => onChange({ ...draft, strong })} />
          </div>
        </div>
        <div className="space-y-3">
          <Catches caught={caught} />
          <div className="flex flex-wrap gap-2">
            <button type="button" id={id('up')} className={secondaryButton} disabled={index === 0} onClick={() => onMove(-1)} aria-label={copy.moveWhat(copy.moveUp, title)}>
              {copy.moveUp}
            </button>
            <button type="button" id={id('down')} className={secondaryButton} disabled={index === count - 1} onClick={() => onMove(1)} aria-label={copy.moveWhat(copy.moveDown, title)}>
              {copy.moveDown}
            </button>
            <button type="button" className={secondaryButton} onClick={onRemove} aria-label={copy.moveWhat(copy.remove, title)}>
              {copy.remove}
            </button>
          </div>
        </div>
      </div>
    </Panel>
  );
}

const FORM_ID = 'offers-form';
const ADD_ID = 'offer-add';

/** Where focus goes after moving the offer `id` to `to` of `count`: the same button, or the other one once it reaches an end (the same is then disabled). */
function afterMove(id: string, to: number, count: number, by: -1 | 1): string {
  const atEnd = by === -1 ? to === 0 : to === count - 1;
  return `offer-${id}-${(by === -1) !== atEnd ? 'up' : 'down'}`;
}

/** The screen's one draft: the offers in their order (the save bar counts a change of them as one). */
type OffersDrafts = { offers: OfferDraft[] };

const startOffers = (settings: SettingsResponse): OffersDrafts => ({ offers: (settings.values.offers ?? []).map(draftOf) });

/** Each problem of each offer (the server's messages, naming the offer), by the offer's field name. */
function offerProblems({ offers }: OffersDrafts): SettingProblem[] {
  return offers.flatMap((draft, index) => {
    const checked = checkedDraft(draft, index);
    return 'problems' in checked ? checked.problems.map(({ field, message }) => ({ field: `offer-${draft.id}-${field}`, message })) : [];
  });
}

/** The element a problem sends focus to: the offer's field (its first box, for who it is for), or the server's refusal of the offers as a whole. */
const problemId = (field: string) => (field.startsWith('offer-') ? field : 'offers-problem');

function OffersEditor({ settings, onSaved }: { settings: SettingsResponse; onSaved: (settings: SettingsResponse) => void }) {
  const saveSettings = useSaveSettings();
  const form = useDraftForm<OffersDrafts>({
    start: () => startOffers(settings),
    check: offerProblems,
    save: async ({ offers }) => {
      const answer = await saveSettings((current) => {
        const next = offersToSave(startOffers(settings).offers, startOffers(current).offers, offers);
        return { offers: next.length > 0 ? next.map(sentOf) : null };
      });
      if (answer.kind !== 'saved') return answer;
      onSaved(answer.settings);
      return { kind: 'saved', drafts: startOffers(answer.settings) };
    },
    fieldId: problemId,
  });
  useSettingsOnReturn(settings, form, onSaved, startOffers);
  const drafts = form.drafts.offers;
  // Once a save was refused, each offer shows what it still needs, as the coach fixes it.
  const showProblems = Object.values(form.errors).some(Boolean);

  const checked = useMemo(() => drafts.map((draft, index) => checkedDraft(draft, index)), [drafts]);
  // Who each complete offer catches; an offer still being written is left out until it is complete.
  const complete = useMemo(() => checked.flatMap((result) => ('offer' in result ? [result.offer] : [])), [checked]);
  const caught = useMemo(() => coverage(complete), [complete]);

  const update = (next: OfferDraft[]) => form.edit('offers', next);
  /**
   * The element focused once the list shows a change made by a button: the offer added, the moved
   * offer's button, the offer that took a removed one's place; never the page's body with a button
   * that went away or turned disabled.
   */
  const focusOnceShown = useFocusOnceShown();

  const course = settings.values;
  return (
    <>
      <form id={FORM_ID} noValidate onSubmit={(event) => void form.submit(event)} aria-label={shellCopy.views.offers} className="space-y-6">
        {form.errors.offers && (
          <p id="offers-problem" tabIndex={-1} className="font-semibold text-support">
            {form.errors.offers}
          </p>
        )}
        {drafts.length === 0 && <p className="rounded-2xl bg-paper px-4 py-4 text-muted">{copy.none}</p>}
        {drafts.map((draft, index) => {
          const result = checked[index];
          return (
            <OfferEditor
              key={draft.id}
              draft={draft}
              index={index}
              count={drafts.length}
              problems={showProblems && result && 'problems' in result ? result.problems : []}
              caught={caught.find((entry) => entry.offer === draft.id)}
              onChange={(next) => update(drafts.map((item) => (item.id === draft.id ? next : item)))}
              onMove={(by) => {
                update(moved(drafts, index, by));
                focusOnceShown(afterMove(draft.id, index + by, drafts.length, by));
              }}
              onRemove={() => {
                const left = drafts.filter((item) => item.id !== draft.id);
                update(left);
                const next = left[index] ?? left[index - 1];
                focusOnceShown(next ? `offer-${next.id}-title-heading` : ADD_ID);
              }}
            />
          );
        })}
        <div>
          <button
            type="button"
            id={ADD_ID}
            className={secondaryButton}
            disabled={drafts.length >= MAX_OFFERS}
            onClick={() => {
              const added = newOffer(Math.random);
              update([...drafts, added]);
              focusOnceShown(`offer-${added.id}-title-heading`);
            }}
          >
            {copy.add}
          </button>
          {drafts.length >= MAX_OFFERS && <p className="mt-1 text-sm text-muted">{copy.full(MAX_OFFERS)}</p>}
        </div>
      </form>
      <Panel title={copy.defaultTitle} titleId="offer-default-title" intro={copy.defaultIntro}>
        <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
          <div className="space-y-1 text-sm">
            <p className="break-words">{course.courseUrl ?? copy.defaultNone}</p>
            {course.coursePitch && <p className="text-pretty whitespace-pre-line text-muted">{course.coursePitch}</p>}
            <a href="#settings" className="mt-2 inline-flex min-h-11 items-center font-semibold text-teal underline underline-offset-4">
              {copy.defaultLink}
            </a>
          </div>
          <Catches caught={caught.find((entry) => entry.offer === 'default')} />
        </div>
      </Panel>
      <ResultsPreview settings={settings} words={settings.values.words ?? {}} offers={complete} />
      <SaveBar form={form} formId={FORM_ID} />
    </>
  );
}

export function OffersView() {
  return (
    <WithSettings>
      {(settings, onSaved) => (
        <div className="max-w-5xl space-y-6">
          <p className="max-w-3xl text-pretty text-muted">{copy.intro}</p>
          <OffersEditor settings={settings} onSaved={onSaved} />
        </div>
      )}
    </WithSettings>
  );
}
