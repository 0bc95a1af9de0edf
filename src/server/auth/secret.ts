/**
 * The token signing secret: AUTH_SECRET when configured (at least 32
 * characters, else a configuration error), otherwise one generated once and
 * kept in server_secrets, so restarts and every instance on one database agree.
 */
import { AUTH_SECRET_NAME, readOrCreateSecret } from '../repositories/secrets';
import type { DbHandle } from '../repositories/users';

export const MIN_SECRET_LENGTH = 32;

export class AuthSecretError extends Error {
  readonly code = 'BAD_AUTH_SECRET';
}

export async function resolveAuthSecret(db: DbHandle, configured: string | undefined): Promise<string> {
  if (configured !== undefined) {
    if (configured.length < MIN_SECRET_LENGTH) throw new AuthSecretError(`AUTH_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    return configured;
  }
  return readOrCreateSecret(db, AUTH_SECRET_NAME);
}
