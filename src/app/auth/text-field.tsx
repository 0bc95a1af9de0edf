/** A labelled input with its hint and inline error, tied together with aria-describedby and aria-invalid. */
import type { InputHTMLAttributes, Ref } from 'react';
import * as styles from './auth-form.css';

export interface TextFieldProps
  extends Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'required' | 'dir'> {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** Text shown after the label for an optional field. */
  optionalText?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ id, name, label, value, onChange, error, hint, optionalText, ref, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.fieldGroup}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {optionalText ? <span className={styles.optional}>({optionalText})</span> : null}
      </label>
      <input
        {...input}
        ref={ref}
        id={id}
        name={name}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The input attributes of an email field. */
export const EMAIL_INPUT = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  dir: 'ltr',
  required: true,
} as const satisfies Partial<TextFieldProps>;

/** The input attributes of a password field ('current-password' to sign in, 'new-password' to choose one). */
export function passwordInput(autoComplete: 'current-password' | 'new-password') {
  return { type: 'password', autoComplete, dir: 'ltr', required: true } as const satisfies Partial<TextFieldProps>;
}
