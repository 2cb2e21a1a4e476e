/** The look's optional fields: a label, hint and problem around an input, and a colour typed or picked. */
import type { ReactNode } from 'react';
import { settingsCopy } from '../content/settings';
import { embedCopy } from '../content/embed';
import { inputClass } from '../ui';

const copy = embedCopy;

type FieldFrame = { id: string; label: string; hint: string; error: string | undefined };

/** What the input of an optional look field is described by: its hint, and its problem when it has one. */
export const describedBy = ({ id, error }: FieldFrame) => [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

/** An optional field of the look: its label, hint, the input(s) given, and its problem under them. */
export function OptionalField({ frame, children }: { frame: FieldFrame; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={frame.id} className="font-semibold text-ink">
        {frame.label} <span className="font-normal text-muted">({settingsCopy.optional})</span>
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

export const hex = /^#[0-9a-f]{6}$/i;

/** A colour as hex text, with the browser's colour picker beside it. */
export function ColourField({ value, empty, onChange, ...frame }: ColourFieldProps) {
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
