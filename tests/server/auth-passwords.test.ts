/** Password hashing: the stored format, verification, and the timing-even path for missing hashes. */
import { describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT_LOG2N, verifyPassword } from '../../src/server/auth/passwords';

const FORMAT = /^scrypt\$(\d+)\$8\$1\$([A-Za-z0-9_-]{22})\$([A-Za-z0-9_-]{43})$/;

describe('hashPassword', () => {
  it('stores scrypt$log2N$r$p$salt$hash with N = 2^15, r = 8, p = 1, a 16-byte salt and a 32-byte hash', async () => {
    const stored = await hashPassword('correct horse 1');
    const m = FORMAT.exec(stored);
    expect(m).not.toBeNull();
    expect(Number(m?.[1])).toBe(SCRYPT_LOG2N);
    expect(SCRYPT_LOG2N).toBe(15);
    expect(Buffer.from(m?.[2] ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(m?.[3] ?? '', 'base64url')).toHaveLength(32);
  });

  it('salts: the same password hashes differently each time', async () => {
    const [a, b] = await Promise.all([hashPassword('same pass', { log2N: 10 }), hashPassword('same pass', { log2N: 10 })]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$10\$/);
  });
});

describe('verifyPassword', () => {
  it('accepts the password and refuses others (case, spacing and a near miss)', async () => {
    const stored = await hashPassword('Correct Horse 1', { log2N: 10 });
    expect(await verifyPassword('Correct Horse 1', stored)).toBe(true);
    for (const wrong of ['correct horse 1', 'Correct Horse 1 ', 'Correct Horse 2', '']) expect(await verifyPassword(wrong, stored)).toBe(false);
  });

  it('verifies a hash made at the full default cost', async () => {
    const stored = await hashPassword('full cost password');
    expect(await verifyPassword('full cost password', stored)).toBe(true);
  });

  it('refuses a null or unreadable hash after the same scrypt work as a real check (timing-even)', async () => {
    const real = await hashPassword('timing password');
    const time = async (stored: string | null) => {
      const start = process.hrtime.bigint();
      expect(await verifyPassword('timing password x', stored)).toBe(false);
      return Number(process.hrtime.bigint() - start);
    };
    await time(null); // the first call computes the dummy hash once
    const present = Math.min(await time(real), await time(real), await time(real));
    for (const stored of [null, '', 'garbage', 'scrypt$15$8$1$bad$bad', 'scrypt$99$8$1$AAAA$AAAA', '$2y$10$bcrypthashfromelsewhere']) {
      const missing = Math.min(await time(stored), await time(stored));
      expect(missing / present, String(stored)).toBeGreaterThan(0.3);
      expect(missing / present, String(stored)).toBeLessThan(3);
    }
  });
});
