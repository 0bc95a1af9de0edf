import { describe, expect, it } from 'vitest';
import {
  contactBody,
  EMPTY_CONTACT,
  problemOfServerMessage,
  serverProblems,
  validateContact,
  type ContactValues,
} from '../../src/app/pages/contact-form-checks';
import en from '../../src/app/i18n/locales/en/translation.json';

const good: ContactValues = {
  first_name: ' Salma ',
  last_name: 'Bennani',
  email: 'salma@example.test',
  phone: '',
  subject: 'Caftan sizes',
  message: 'x'.repeat(500),
};

describe('the contact form checks', () => {
  it('accepts a complete form (phone optional, a message of exactly 500 characters) and sends it trimmed', () => {
    expect(validateContact(good)).toEqual({});
    expect(contactBody(good)).toEqual({ first_name: 'Salma', last_name: 'Bennani', email: 'salma@example.test', subject: 'Caftan sizes', message: 'x'.repeat(500) });
    expect(contactBody({ ...good, phone: ' 0612345678 ' }).phone).toBe('0612345678');
  });

  it('needs first and last name, email, subject and message; a valid email; at most 500 characters; a real phone', () => {
    expect(validateContact(EMPTY_CONTACT)).toEqual({
      first_name: { key: 'required' },
      last_name: { key: 'required' },
      email: { key: 'required' },
      subject: { key: 'required' },
      message: { key: 'required' },
    });
    expect(validateContact({ ...good, email: 'salma@', message: ` ${'x'.repeat(501)} `, phone: '123', subject: '  ' })).toEqual({
      email: { key: 'email' },
      message: { key: 'tooLong', max: 500 },
      phone: { key: 'phone' },
      subject: { key: 'required' },
    });
  });

  it("reads the server's field messages back as the same problems", () => {
    expect(problemOfServerMessage('The subject field is required.')).toEqual({ key: 'required' });
    expect(problemOfServerMessage('The email must be a valid email address.')).toEqual({ key: 'email' });
    expect(problemOfServerMessage('The message may not be greater than 500 characters.')).toEqual({ key: 'tooLong', max: 500 });
    expect(problemOfServerMessage('The request may not contain NUL characters.')).toEqual({ key: 'invalid' });
    expect(
      serverProblems([
        { parameter: 'email', message: 'The email must be a valid email address.' },
        { parameter: 'email', message: 'The email field is required.' },
        { parameter: '(body)', message: 'The request body must be a JSON object.' },
      ]),
    ).toEqual({ email: { key: 'email' } });
  });

  it("says the server's English texts in the English catalogue", () => {
    expect(en.contact.errors.required.first_name).toBe('The first name field is required.');
    expect(en.contact.errors.email).toBe('The email must be a valid email address.');
    expect(en.contact.errors.messageTooLong.replace('{{max}}', '500')).toBe('The message may not be greater than 500 characters.');
  });
});
