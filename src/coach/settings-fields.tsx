/**
 * One field of the settings screen, drawn from its entry in src/shared/coach-settings.ts: a line of
 * text, a paragraph, a link, a switch, a time zone, or a secret. A setting the server's environment
 * sets is shown read-only, with the variable that sets it.
 */
import type { SettingsResponse } from '../shared/coach-api/settings';
import { coachSettings, type SettingDefinition, type SettingKey } from '../shared/coach-settings';
import { settingsCopy } from './content/settings';
import type { Draft } from './settings-draft';
import { inputClass, textRows } from './ui';

const copy = settingsCopy;
const hints: Partial<Record<SettingKey, string>> = copy.hints;

/** Every IANA zone this browser knows, UTC first. */
function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

type FieldProps = {
  name: SettingKey;
  settings: SettingsResponse;
  draft: Draft | undefined;
  error: string | undefined;
  onChange: (draft: Draft) => void;
};

const fieldId = (name: SettingKey) => `setting-${name}`;

/** What the server's environment sets, shown as text (a secret in its safe form, if it has one). */
function shownValue(settings: SettingsResponse, name: SettingKey): string {
  const value = settings.values[name];
  if (typeof value === 'boolean') return value ? copy.on : copy.off;
  return typeof value === 'string' ? value : (settings.shown?.[name] ?? '');
}

export function SettingField({ name, settings, draft, error, onChange }: FieldProps) {
  const definition = coachSettings[name] as SettingDefinition;
  const id = fieldId(name);
  const hint = hints[name];
  const variable = settings.variables[name];
  const fromServer = settings.sources[name] === 'environment' && variable !== undefined;
  const described = [hint ? `${id}-hint` : null, fromServer ? `${id}-server` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const optional = definition.kind !== 'toggle' && definition.kind !== 'timeZone';

  const label = (
    // A switch's label is its tap target with the box: at least 44 px tall.
    <label htmlFor={id} className={`font-semibold text-ink ${definition.kind === 'toggle' ? 'inline-flex min-h-11 items-center' : ''}`}>
      {definition.label}
      {optional && !fromServer && <span className="font-normal text-muted"> ({copy.optional})</span>}
    </label>
  );
  const below = (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-pretty text-muted">
          {hint}
        </p>
      )}
      {fromServer && (
        <p id={`${id}-server`} className="mt-1 text-sm font-semibold text-teal-dark">
          {copy.fromServer(variable)}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-support">
          {error}
        </p>
      )}
    </>
  );

  if (definition.kind === 'toggle') {
    const checked = fromServer ? settings.values[name] === true : draft === true;
    return (
      <div>
        <div className="flex items-center gap-3">
          <input
            id={id}
            type="checkbox"
            checked={checked}
            disabled={fromServer}
            onChange={(event) => onChange(event.target.checked)}
            aria-describedby={described}
            className="size-6 accent-teal"
          />
          {label}
        </div>
        {below}
      </div>
    );
  }

  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    readOnly: fromServer,
    className: `mt-1 ${inputClass} ${fromServer ? 'border-line bg-paper' : ''}`,
  } as const;
  const value = fromServer ? shownValue(settings, name) : typeof draft === 'string' ? draft : '';
  const hiddenSecret = definition.kind === 'secret' && !definition.visible;
  const placeholder =
    name === 'consentText' && typeof settings.values.consentText === 'string'
      ? settings.values.consentText
      : hiddenSecret && settings.secretsSet[name]
        ? copy.secretKept
        : definition.kind === 'secret' && definition.visible
          ? 'https://'
          : undefined;

  const { kind } = definition;
  const type = kind === 'link' || (kind === 'secret' && !hiddenSecret) ? 'url' : hiddenSecret ? 'password' : 'text';
  const spellCheck = kind === 'text' || kind === 'paragraph' ? undefined : false;
  let control;
  if (definition.kind === 'paragraph' || (definition.kind === 'text' && definition.wraps)) {
    // A long one-line text is shown whole on a phone (the consent wording's default, its placeholder,
    // was cut at 360 px): as tall as its text or placeholder where the browser sizes fields to their content.
    const grows = definition.kind === 'text';
    control = (
      <textarea
        {...common}
        rows={grows ? textRows(value || placeholder || '') : 5}
        spellCheck={spellCheck}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${common.className} py-2 ${grows ? 'resize-y field-sizing-content' : ''}`}
      />
    );
  } else if (definition.kind === 'timeZone' && !fromServer) {
    control = (
      <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
        {timeZones().map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        type={type}
        inputMode={type === 'url' ? 'url' : undefined}
        autoComplete="off"
        spellCheck={spellCheck}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <div>
      {label}
      {control}
      {below}
    </div>
  );
}
