/**
 * Passkeys (WebAuthn, through @simplewebauthn/server). The rules, all here:
 *
 * - The relying party is the site of PUBLIC_URL (its host name and origin); without it, the
 *   request's own, as everywhere else in the coach API.
 * - Each ceremony's challenge is stored (by its SHA-256) for 5 minutes and works once, on any
 *   instance: a passkey added or used on one works on every other.
 * - Passkeys are discoverable (the browser offers them without a user name: there is one account),
 *   and the authenticator is asked to verify its user when it can (a PIN, a fingerprint).
 * - A sign-in with a passkey counts as both factors. A refused one counts against the sign-in
 *   throttle like a wrong password. The signature counter is kept; one that goes backwards (a
 *   cloned authenticator) is refused by the library.
 */
import { createHash } from 'node:crypto';
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { ChallengePurpose, StoredPasskey } from '../../storage/access';
import type { Storage } from '../../storage/storage';

/**
 * The library, loaded at the first ceremony: with its certificate parsers it costs about 180 ms of
 * CPU to load, which every start of the server (and every test that builds the app) paid for a
 * passkey that is used now and then. Its base64url helpers are Node's own (`Buffer`, 'base64url').
 */
const webauthn = () => import('@simplewebauthn/server');

export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
const RP_NAME = 'Core Drivers dashboard';

/** Where the ceremony happens: the site's origin and host name. */
export type RelyingParty = { origin: string; id: string };

export const relyingPartyOf = (origin: string): RelyingParty => ({ origin, id: new URL(origin).hostname });

const hashChallenge = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/** The challenge a browser's answer signed (from its clientDataJSON), or null when it is not readable. */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | null {
  const data = response.response?.clientDataJSON;
  if (typeof data !== 'string' || data.length > 4096) return null;
  try {
    const parsed = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : null;
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export class Passkeys {
  constructor(
    private readonly storage: Pick<Storage, 'access'>,
    private readonly now: () => number,
  ) {}

  async #remember(challenge: string, purpose: ChallengePurpose) {
    await this.storage.access.addChallenge(hashChallenge(challenge), purpose, this.now() + CHALLENGE_LIFETIME_MS, this.now());
  }

  /** Takes the answer's challenge once: the challenge itself when it was ours, for this purpose, in time. */
  async #take(response: unknown, purpose: ChallengePurpose): Promise<string | null> {
    if (!isObject(response)) return null;
    const challenge = challengeOf(response);
    if (challenge === null) return null;
    return (await this.storage.access.takeChallenge(hashChallenge(challenge), purpose, this.now())) ? challenge : null;
  }

  async registrationOptions(rp: RelyingParty) {
    const existing = await this.storage.access.listPasskeys();
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.id,
      userName: 'coach',
      userDisplayName: 'Coach',
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports as AuthenticatorTransport[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      timeout: CHALLENGE_LIFETIME_MS,
    });
    await this.#remember(options.challenge, 'register');
    return options;
  }

  /** Checks a new passkey's answer and stores it under `name`; null when it does not check out. */
  async register(rp: RelyingParty, response: unknown, name: string): Promise<StoredPasskey | null> {
    const challenge = await this.#take(response, 'register');
    if (challenge === null) return null;
    try {
      const { verifyRegistrationResponse } = await webauthn();
      const verification = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
      if (!verification.verified) return null;
      const { credential } = verification.registrationInfo;
      const passkey: StoredPasskey = {
        id: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
        createdAt: this.now(),
        lastUsedAt: null,
      };
      await this.storage.access.addPasskey(passkey);
      return passkey;
    } catch {
      return null;
    }
  }

  async signInOptions(rp: RelyingParty) {
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred', timeout: CHALLENGE_LIFETIME_MS });
    await this.#remember(options.challenge, 'sign_in');
    return options;
  }

  /** Checks a sign-in's answer against the stored passkey; the passkey when it is right (its counter moved on). */
  async signIn(rp: RelyingParty, response: unknown): Promise<StoredPasskey | null> {
    const challenge = await this.#take(response, 'sign_in');
    if (challenge === null || !isObject(response) || typeof response.id !== 'string') return null;
    const passkey = await this.storage.access.passkey(response.id);
    if (passkey === null) return null;
    try {
      const { verifyAuthenticationResponse } = await webauthn();
      const verification = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports as AuthenticatorTransport[],
        },
        requireUserVerification: false,
      });
      if (!verification.verified) return null;
      const used = await this.storage.access.usePasskey(passkey.id, verification.authenticationInfo.newCounter, this.now());
      return used ? passkey : null;
    } catch {
      return null;
    }
  }
}
