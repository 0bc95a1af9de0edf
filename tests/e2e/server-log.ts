/** Reading the e2e server's log (global-setup.ts writes it to SOUK_E2E_SERVER_LOG). */
import { readFileSync, statSync } from 'node:fs';
import { expect } from '@playwright/test';
import { env } from './helpers';

/** Where the log ends now, in bytes: pass it to codeFromServerLog to read only what comes after. */
export function serverLogOffset(): number {
  return statSync(env('SOUK_E2E_SERVER_LOG')).size;
}

/**
 * The last code the log SMS sender wrote for `phone` (src/server/sms: "SMS to <phone>: … code is 123456") after
 * `notBefore` bytes of the server log. Bytes, not characters: the log holds Arabic text too, so the bytes are cut
 * first and then decoded.
 */
export async function codeFromServerLog(phone: string, notBefore: number): Promise<string> {
  const file = env('SOUK_E2E_SERVER_LOG');
  const pattern = new RegExp(`SMS to \\${phone}: Your Souk verification code is (\\d{6})`, 'g');
  let found: string | undefined;
  await expect
    .poll(() => {
      found = [...readFileSync(file).subarray(notBefore).toString('utf8').matchAll(pattern)].at(-1)?.[1];
      return found;
    })
    .toMatch(/^\d{6}$/);
  return found ?? '';
}
