/**
 * A software authenticator for server tests: a P-256 key made with node:crypto, answering WebAuthn's
 * two ceremonies exactly as a browser with a platform authenticator does (attestation "none";
 * ES256 signatures over the authenticator data and the client data's hash). The end-to-end tests use
 * Chromium's own virtual authenticator instead; this one lets the server's tests (two Postgres
 * instances, a replayed answer, a wrong origin) run without a browser.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | Buffer | string) => createHash('sha256').update(data).digest();

/** User present and verified; with attested credential data at registration. */
const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 } as const;

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  readonly #privateKey: KeyObject;
  readonly #publicKey: { x: Buffer; y: Buffer };
  #counter = 0;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.#publicKey = { x: Buffer.from(jwk.x ?? '', 'base64url'), y: Buffer.from(jwk.y ?? '', 'base64url') };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  #clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  #authData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.#counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  /** The answer `startRegistration` gives for these creation options, made at `origin`. */
  register(options: { challenge: string; rp: { id?: string } }, origin: string) {
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(this.#publicKey.x)],
      [-3, new Uint8Array(this.#publicKey.y)],
    ]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, this.credentialId, Buffer.from(isoCBOR.encode(cose))]);
    const authData = this.#authData(options.rp.id ?? new URL(origin).hostname, FLAGS.up | FLAGS.uv | FLAGS.at, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.#clientData('webauthn.create', options.challenge, origin)),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer `startAuthentication` gives for these request options, made at `origin` (the counter moves on). */
  authenticate(options: { challenge: string; rpId?: string }, origin: string) {
    this.#counter += 1;
    const clientData = this.#clientData('webauthn.get', options.challenge, origin);
    const authData = this.#authData(options.rpId ?? new URL(origin).hostname, FLAGS.up | FLAGS.uv);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.#privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: undefined },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
