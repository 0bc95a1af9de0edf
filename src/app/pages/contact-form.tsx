/**
 * The contact form (spec §5): first and last name, email, phone (optional),
 * subject and a message of at most 500 characters, checked here with the
 * server's rules (contact-form-checks.ts) and sent to POST /api/contact. A
 * refusal shows the server's field errors in the user's language; the first
 * field in error gets the focus. Offline, sending is disabled and a note says
 * the form can be sent once the connection is back (what was typed stays).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../account/form-fields';
import * as forms from '../account/forms.css';
import { apiRequest, ApiFailure } from '../auth/api-client';
import { button } from '../theme/recipes.css';
import { useOnline } from '../ui/use-online';
import {
  CONTACT_FIELDS,
  CONTACT_MESSAGE_MAX,
  contactBody,
  contactLength,
  EMPTY_CONTACT,
  serverProblems,
  validateContact,
  type ContactField,
  type ContactProblem,
  type ContactProblems,
  type ContactValues,
} from './contact-form-checks';
import * as styles from './contact-page.css';

type Outcome = 'idle' | 'sending' | 'sent';

export function ContactForm() {
  const { t } = useTranslation();
  const online = useOnline();
  const formRef = useRef<HTMLFormElement>(null);
  const messageId = useId();
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [problems, setProblems] = useState<ContactProblems>({});
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome === 'sent') sentRef.current?.focus();
  }, [outcome]);

  const problemText = (field: ContactField, problem: ContactProblem | undefined): string | undefined => {
    if (problem === undefined) return undefined;
    switch (problem.key) {
      case 'required':
        return field === 'phone' ? t('contact.errors.invalid') : t(`contact.errors.required.${field}`);
      case 'email':
        return t('contact.errors.email');
      case 'phone':
        return t('contact.errors.phone');
      case 'tooLong':
        return field === 'message' ? t('contact.errors.messageTooLong', { max: problem.max }) : t('contact.errors.tooLong', { max: problem.max });
      default:
        return t('contact.errors.invalid');
    }
  };

  const focusFirst = (found: ContactProblems) => {
    const first = CONTACT_FIELDS.find((f) => found[f] !== undefined);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const set = (field: ContactField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (outcome === 'sending' || !online) return;
    const found = validateContact(values);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setOutcome('sending');
    apiRequest('POST', '/api/contact', contactBody(values)).then(
      () => {
        setOutcome('sent');
        setValues(EMPTY_CONTACT);
      },
      (error: unknown) => {
        setOutcome('idle');
        const fromServer = error instanceof ApiFailure && error.status === 422 ? serverProblems(error.errors) : {};
        if (Object.keys(fromServer).length > 0) {
          setProblems(fromServer);
          focusFirst(fromServer);
        } else if (error instanceof ApiFailure && error.status === 429) setFailure(t('contact.tooMany'));
        else if (error instanceof ApiFailure && error.status === 0) setFailure(t('contact.offlineFailed'));
        else setFailure(t('contact.failed'));
      },
    );
  };

  const field = (name: ContactField) => ({
    name,
    value: values[name],
    onValue: set(name),
    error: problemText(name, problems[name]),
  });
  const messageError = problemText('message', problems.message);
  const length = contactLength(values.message);

  // One live region, present before and after sending, so the confirmation is announced; focus moves to it.
  const status = (
    <div role="status" aria-live="polite">
      {outcome === 'sent' && (
        <p ref={sentRef} tabIndex={-1} className={forms.success} data-testid="contact-sent">
          {t('contact.sent')}
        </p>
      )}
    </div>
  );

  return (
    <div className={styles.wrap}>
      {status}
      {outcome === 'sent' ? (
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => setOutcome('idle')}>
          {t('contact.sendAnother')}
        </button>
      ) : (
        <form ref={formRef} className={forms.form} noValidate aria-busy={outcome === 'sending'} onSubmit={submit} data-testid="contact-form">
          {!online && (
            <p className={forms.info} role="status">
              {t('contact.offline')}
            </p>
          )}
          <fieldset className={forms.fieldset} disabled={outcome === 'sending'}>
            <div className={forms.grid}>
              <TextField {...field('first_name')} label={t('contact.firstName')} autoComplete="given-name" required />
              <TextField {...field('last_name')} label={t('contact.lastName')} autoComplete="family-name" required />
              <TextField {...field('email')} label={t('contact.email')} type="email" inputMode="email" autoComplete="email" dir="ltr" required />
              <TextField {...field('phone')} label={t('contact.phone')} optionalText={t('contact.optional')} type="tel" autoComplete="tel" dir="ltr" />
              <TextField {...field('subject')} label={t('contact.subject')} className={forms.wide} required />
            </div>
            <div className={forms.field}>
              <label className={forms.label} htmlFor={messageId}>
                {t('contact.message')}
              </label>
              <textarea
                id={messageId}
                name="message"
                rows={6}
                required
                className={[forms.control, messageError ? forms.invalid : ''].join(' ')}
                value={values.message}
                aria-invalid={messageError ? true : undefined}
                aria-describedby={[`${messageId}-count`, messageError ? `${messageId}-error` : ''].filter(Boolean).join(' ')}
                onChange={(e) => set('message')(e.target.value)}
              />
              <p id={`${messageId}-count`} className={length > CONTACT_MESSAGE_MAX ? forms.error : forms.hint}>
                {t('contact.count', { length, max: CONTACT_MESSAGE_MAX })}
              </p>
              {messageError && (
                <p id={`${messageId}-error`} className={forms.error}>
                  {messageError}
                </p>
              )}
            </div>
            <div className={forms.actions}>
              <button type="submit" className={button({ tone: 'primary' })} disabled={!online} data-testid="contact-submit">
                {outcome === 'sending' ? t('contact.sending') : t('contact.submit')}
              </button>
            </div>
          </fieldset>
          {failure && (
            <p role="alert" className={forms.failure}>
              {failure}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
