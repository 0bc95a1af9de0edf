/**
 * Bodies of POST /api/user/phone/send-code and /verify: the phone in E.164, the code as typed. Codes go only to
 * the calling codes of the seven countries Souk serves (docs/ACCOUNTS.md): a well-formed number elsewhere is
 * "The selected phone is invalid." (SMS to arbitrary destinations costs money and is an abuse vector).
 */
import { z } from 'zod';
import { normalizePhone } from '../../domain/account';
import { fieldMessages, requiredText } from './body';

/** Morocco, Saudi Arabia, UAE, Qatar, Kuwait, Bahrain, Oman. */
export const VERIFIABLE_CALLING_CODES = ['+212', '+966', '+971', '+974', '+965', '+973', '+968'] as const;

export function isVerifiablePhone(phone: string): boolean {
  return VERIFIABLE_CALLING_CODES.some((code) => phone.startsWith(code));
}

function phoneField() {
  return requiredText('phone', 40).transform((raw, ctx) => {
    const phone = normalizePhone(raw);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: fieldMessages.phone() });
      return z.NEVER;
    }
    if (!isVerifiablePhone(phone)) {
      ctx.addIssue({ code: 'custom', message: fieldMessages.invalid('phone') });
      return z.NEVER;
    }
    return phone;
  });
}

export const sendCodeBodySchema = z.object({ phone: phoneField() });

/** Any short string: a code that is not six digits is simply a wrong code (and counts as a try). */
export const verifyCodeBodySchema = z.object({
  phone: phoneField(),
  code: requiredText('code', 32).transform((c) => c.replace(/\s+/g, '')),
});
