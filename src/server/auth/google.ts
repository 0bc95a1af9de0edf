/**
 * Google sign-in: ID tokens from the Google Identity Services button are
 * verified with google-auth-library (signature against Google's certificates,
 * audience = our client id, issuer, expiry). The verifier is an interface so
 * tests inject one built on the same library with a local key and no network.
 */
import { OAuth2Client, type LoginTicket } from 'google-auth-library';

export interface GoogleIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface GoogleVerifier {
  /** Resolves with the identity; rejects when the token is not a valid ID token for our client. */
  verify(idToken: string): Promise<GoogleIdentity>;
}

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

function identityOf(ticket: LoginTicket | undefined): GoogleIdentity {
  const p = ticket?.getPayload();
  if (!p || typeof p.sub !== 'string' || p.sub === '' || typeof p.email !== 'string' || p.email === '') {
    throw new Error('Google ID token without subject or email');
  }
  const name = typeof p.name === 'string' ? p.name : [p.given_name, p.family_name].filter(Boolean).join(' ');
  return { sub: p.sub, email: p.email, email_verified: p.email_verified === true, name };
}

export interface GoogleVerifierOptions {
  /**
   * Certificates (key id → PEM) to check signatures against instead of Google's published ones.
   * Tests only: a locally generated key, so nothing goes to the network.
   */
  certs?: Record<string, string>;
}

export function createGoogleVerifier(clientId: string, options: GoogleVerifierOptions = {}): GoogleVerifier {
  const client = new OAuth2Client({ clientId });
  const { certs } = options;
  return {
    async verify(idToken) {
      const ticket = certs
        ? await client.verifySignedJwtWithCertsAsync(idToken, certs, clientId, ISSUERS)
        : await client.verifyIdToken({ idToken, audience: clientId });
      return identityOf(ticket);
    },
  };
}
