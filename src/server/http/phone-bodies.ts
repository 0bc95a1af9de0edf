/** Bodies of POST /api/user/phone/send-code and /verify: the phone in E.164, the code as typed. */
import { z } from 'zod';
import { normalizePhone } from '../../domain/account';
import { fieldMessages, requiredText } from './body';

function phoneField() {
  return requiredText('phone', 40).transform((raw, ctx) => {
    const phone = normalizePhone(raw);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: fieldMessages.phone() });
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
