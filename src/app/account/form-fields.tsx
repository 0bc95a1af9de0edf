/**
 * Labelled form controls for the account pages. An error is linked to its
 * control (aria-invalid, aria-describedby) and so is a hint; every control
 * is at least 44 px tall.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import * as styles from './forms.css';

interface FieldShell {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  optionalText?: string | undefined;
  className?: string | undefined;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}

/** The id, look and aria links every text-like control shares. */
function controlProps(id: string, error: string | undefined, hint: string | undefined) {
  return {
    id,
    className: [styles.control, error ? styles.invalid : ''].join(' '),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint && `${id}-hint`, error && `${id}-error`),
  } as const;
}

function Shell({ id, label, error, hint, optionalText, className, children }: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {optionalText && <span className={styles.optional}> ({optionalText})</span>}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'className'> & {
  value: string;
  onValue: (value: string) => void;
};

export function TextField({ label, error, hint, optionalText, className, value, onValue, ...input }: FieldShell & InputProps) {
  const id = useId();
  return (
    <Shell id={id} label={label} error={error} hint={hint} optionalText={optionalText} className={className}>
      <input {...input} {...controlProps(id, error, hint)} value={value} onChange={(event) => onValue(event.target.value)} />
    </Shell>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'className'> & {
  value: string;
  onValue: (value: string) => void;
};

export function TextAreaField({ label, error, hint, optionalText, className, value, onValue, ...textarea }: FieldShell & TextAreaProps) {
  const id = useId();
  return (
    <Shell id={id} label={label} error={error} hint={hint} optionalText={optionalText} className={className}>
      <textarea {...textarea} {...controlProps(id, error, hint)} value={value} onChange={(event) => onValue(event.target.value)} />
    </Shell>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'className'> & {
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string; lang?: string }[];
};

export function SelectField({ label, error, hint, className, value, onValue, options, ...select }: FieldShell & SelectProps) {
  const id = useId();
  return (
    <Shell id={id} label={label} error={error} hint={hint} className={className}>
      <select {...select} {...controlProps(id, error, hint)} value={value} onChange={(event) => onValue(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

export function CheckboxField({
  label,
  description,
  checked,
  onChecked,
  name,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  name?: string;
}) {
  const id = useId();
  return (
    <label className={styles.checkRow} htmlFor={id}>
      <input
        id={id}
        name={name}
        type="checkbox"
        className={styles.checkbox}
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
        aria-describedby={description ? `${id}-description` : undefined}
      />
      <span className={styles.checkText}>
        <span>{label}</span>
        {description && (
          <span id={`${id}-description`} className={styles.hint}>
            {description}
          </span>
        )}
      </span>
    </label>
  );
}
