/**
 * The booking form of a tailor's profile (docs/TAILORING.md): an available tailor takes an appointment
 * (service, date, time, notes), a busy one a waitlist entry (service, notes). Checked here with the domain's
 * rules (validateBooking: the server's), errors announced (a role=alert summary, each field aria-invalid and
 * described by its message, focus on the first). Submitting writes the booking through the outbox, online and
 * offline alike; the booking's state then says what happened (BookingOutcome).
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BOOKING_NOTES_MAX,
  BOOKING_TIME_SLOTS,
  TAILORING_SERVICES,
  todayInMorocco,
  validateBooking,
  type BookingField,
  type BookingErrorCode,
  type Tailor,
} from '../../domain/tailoring';
import { SelectField, TextAreaField, TextField } from '../account/form-fields';
import * as forms from '../account/forms.css';
import { useDataClient } from '../data/data-context';
import { useLanguage } from '../i18n/use-language';
import { button } from '../theme/recipes.css';
import { servicePrice } from './tailoring-format';

interface Values {
  service: string;
  date: string;
  time: string;
  notes: string;
}
const EMPTY: Values = { service: '', date: '', time: '', notes: '' };
const ORDER: BookingField[] = ['service', 'date', 'time', 'notes'];

export function BookingForm({ tailor, onBooked }: { tailor: Tailor; onBooked: (bookingId: string) => void }) {
  const { t } = useTranslation('tailoring');
  const language = useLanguage();
  const client = useDataClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<BookingField, BookingErrorCode>>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const appointment = tailor.availability === 'available';

  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const errorOf = (field: BookingField) => (errors[field] ? t(`book.errors.${errors[field]}`) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending || tailor.availability === 'unavailable') return;
    setFailure(null);
    const checked = validateBooking(values as unknown as Record<string, unknown>, tailor.availability, Date.now());
    if (!checked.ok) {
      const found = Object.fromEntries(checked.errors.map((e) => [e.field, e.code]));
      setErrors(found);
      const first = ORDER.find((f) => found[f] !== undefined);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    client
      .bookTailor({ tailorId: tailor.tailor_id, service: checked.value.service, date: checked.value.date, time: checked.value.time, notes: checked.value.notes })
      .then(
        ({ bookingId }) => {
          setValues(EMPTY);
          onBooked(bookingId);
        },
        (error: unknown) => {
          const code = (error as { code?: unknown }).code;
          setFailure(code === 'TAILOR_UNAVAILABLE' ? t('book.unavailableNow') : t('book.failed'));
        },
      )
      .finally(() => setSending(false));
  };

  const hasErrors = Object.values(errors).some(Boolean);
  const serviceOptions = [
    { value: '', label: t('book.choose') },
    ...TAILORING_SERVICES.map((s) => ({ value: s, label: t('book.serviceOption', { service: t(`services.${s}`), price: servicePrice(s, language) }) })),
  ];
  return (
    <form ref={formRef} className={forms.form} noValidate onSubmit={submit} aria-busy={sending} data-testid="booking-form" data-mode={appointment ? 'appointment' : 'waitlist'}>
      {hasErrors && (
        <p role="alert" className={forms.failure}>
          {t('book.summary')}
        </p>
      )}
      <fieldset className={forms.fieldset} disabled={sending}>
        <div className={forms.grid}>
          <SelectField label={t('book.service')} name="service" value={values.service} onValue={set('service')} options={serviceOptions} error={errorOf('service')} required />
          {appointment && (
            <>
              <TextField label={t('book.date')} name="date" type="date" min={todayInMorocco(Date.now())} value={values.date} onValue={set('date')} error={errorOf('date')} required dir="ltr" />
              <SelectField
                label={t('book.time')}
                name="time"
                value={values.time}
                onValue={set('time')}
                options={[{ value: '', label: t('book.chooseTime') }, ...BOOKING_TIME_SLOTS.map((s) => ({ value: s, label: s }))]}
                error={errorOf('time')}
                required
              />
            </>
          )}
        </div>
        <TextAreaField
          label={t('book.notes')}
          optionalText={t('book.optional')}
          name="notes"
          rows={4}
          value={values.notes}
          onValue={set('notes')}
          hint={t('book.notesHint', { length: values.notes.trim().length, max: BOOKING_NOTES_MAX })}
          error={errorOf('notes')}
        />
        <div className={forms.actions}>
          <button type="submit" className={button({ tone: 'primary' })} data-testid="booking-submit">
            {sending ? t('book.sending') : appointment ? t('book.submit') : t('book.submitWaitlist')}
          </button>
        </div>
      </fieldset>
      {failure && (
        <p role="alert" className={forms.failure}>
          {failure}
        </p>
      )}
    </form>
  );
}
