/**
 * "Offers": up to five offers, each for some patterns or drivers, in the coach's order (the first
 * that fits wins), each with the patterns it catches; then the default offer (the course settings)
 * for everyone else. One save bar; nothing reaches visitors until it is pressed.
 */
import { useMemo, useState } from 'react';
import { coreDrivers, type DriverId } from '../content/drivers';
import { coachApi } from '../shared/coach-api/routes';
import type { SettingsResponse } from '../shared/coach-api/settings';
import type { Offer } from '../shared/offer-pick';
import { coverage, MAX_OFFERS, patternIds } from '../shared/offers';
import { CoachApiFailure, coachRequest } from './api';
import { checkedDraft, draftOf, moved, newOffer, type OfferDraft, type OfferTextField, offersChanged, sentOf, textFields, toggled } from './offers-draft';
import { ResultsPreview } from './results-preview';
import { EditsBar, type SaveState } from './edits-bar';
import { useLeaveGuard } from './leave-guard';
import { WithSettings } from './settings-loader';
import { inputClass, Panel, secondaryButton } from './ui';
import { useSessionEnded } from './use-coach-data';
import { offersCopy, patternNames } from './content/words';

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

function Choices<T extends string | number>({ legend, name, options, chosen, label, onChange }: {
  legend: string;
  name: string;
  options: readonly T[];
  chosen: readonly T[];
  label: (option: T) => string;
  onChange: (chosen: T[]) => void;
}) {
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <div className="mt-1 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              name={name}
              checked={chosen.includes(option)}
              onChange={(event) => onChange(toggled(chosen, option, event.target.checked, options))}
              className="size-5 accent-teal"
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
  problems: string[];
  caught: ReturnType<typeof coverage>[number] | undefined;
  onChange: (draft: OfferDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const title = copy.offerTitle(index, draft.title);
  const id = (field: string) => `offer-${draft.id}-${field}`;
  return (
    <Panel title={title} titleId={id('title-heading')}>
      <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
        <div className="space-y-3">
          {textFields.map((field) => {
            const hint = field === 'url' || field === 'pitch' || field === 'button' ? copy.hints[field] : null;
            const common = {
              id: id(field),
              value: draft[field],
              onChange: (event: { target: { value: string } }) => onChange({ ...draft, [field]: event.target.value }),
              'aria-describedby': hint ? id(`${field}-hint`) : undefined,
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
              </div>
            );
          })}
          <div className="border-t border-line pt-3">
            <h3 className="font-bold text-teal-dark">{copy.rule.title}</h3>
            <p className="text-sm text-muted">{copy.rule.intro}</p>
            <Choices legend={copy.rule.patterns} name={id('patterns')} options={patternIds} chosen={draft.patterns} label={(pattern) => patternNames[pattern]} onChange={(patterns) => onChange({ ...draft, patterns })} />
            <Choices<DriverId> legend={copy.rule.weak} name={id('weak')} options={driverIds} chosen={draft.weak} label={(driver) => coreDrivers[driver - 1]?.shortName ?? ''} onChange={(weak) => onChange({ ...draft, weak })} />
            <Choices<DriverId> legend={copy.rule.strong} name={id('strong')} options={driverIds} chosen={draft.strong} label={(driver) => coreDrivers[driver - 1]?.shortName ?? ''} onChange={(strong) => onChange({ ...draft, strong })} />
          </div>
          {problems.length > 0 && (
            <ul className="space-y-1 text-sm font-semibold text-support">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </div>
        <div className="space-y-3">
          <Catches caught={caught} />
          <div className="flex flex-wrap gap-2">
            <button type="button" className={secondaryButton} disabled={index === 0} onClick={() => onMove(-1)} aria-label={copy.moveWhat(copy.moveUp, title)}>
              {copy.moveUp}
            </button>
            <button type="button" className={secondaryButton} disabled={index === count - 1} onClick={() => onMove(1)} aria-label={copy.moveWhat(copy.moveDown, title)}>
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

function OffersEditor({ settings, onSaved }: { settings: SettingsResponse; onSaved: (settings: SettingsResponse) => void }) {
  const saved: readonly Offer[] = settings.values.offers ?? [];
  const [drafts, setDrafts] = useState<OfferDraft[]>(() => saved.map(draftOf));
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [showProblems, setShowProblems] = useState(false);
  const sessionEnded = useSessionEnded();
  const changed = offersChanged(saved, drafts);
  // One unsaved change for the offers as a whole: the leave dialog counts screens' edits, not fields.
  useLeaveGuard(changed ? 1 : 0);

  const checked = useMemo(() => drafts.map((draft, index) => checkedDraft(draft, index)), [drafts]);
  // Who each complete offer catches; an offer still being written is left out until it is complete.
  const complete = useMemo(() => checked.flatMap((result) => ('offer' in result ? [result.offer] : [])), [checked]);
  const caught = useMemo(() => coverage(complete), [complete]);

  const update = (next: OfferDraft[]) => {
    setDrafts(next);
    if (state.kind !== 'saving') setState({ kind: 'idle' });
  };

  async function save() {
    const problems = checked.filter((result) => 'problems' in result).length;
    if (problems > 0) {
      setShowProblems(true);
      return setState({ kind: 'invalid', count: problems });
    }
    setState({ kind: 'saving' });
    try {
      const answer = await coachRequest<SettingsResponse>(coachApi.settings, { method: 'PATCH', body: { offers: drafts.length > 0 ? drafts.map(sentOf) : null } });
      setDrafts((answer.values.offers ?? []).map(draftOf));
      setShowProblems(false);
      setState({ kind: 'saved' });
      onSaved(answer);
    } catch (failure) {
      if (failure instanceof CoachApiFailure && failure.status === 401) return sessionEnded();
      setState(failure instanceof CoachApiFailure && failure.status === 400 ? { kind: 'invalid', count: 1 } : { kind: 'failed' });
    }
  }

  const course = settings.values;
  return (
    <>
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
            onMove={(by) => update(moved(drafts, index, by))}
            onRemove={() => update(drafts.filter((item) => item.id !== draft.id))}
          />
        );
      })}
      <div>
        <button type="button" className={secondaryButton} disabled={drafts.length >= MAX_OFFERS} onClick={() => update([...drafts, newOffer(Math.random)])}>
          {copy.add}
        </button>
        {drafts.length >= MAX_OFFERS && <p className="mt-1 text-sm text-muted">{copy.full(MAX_OFFERS)}</p>}
      </div>
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
      <EditsBar
        count={changed ? 1 : 0}
        countText={copy.saveCount}
        fixText={copy.fix}
        state={state}
        onSave={() => void save()}
        onDiscard={() => {
          setDrafts(saved.map(draftOf));
          setShowProblems(false);
          setState({ kind: 'idle' });
        }}
      />
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
