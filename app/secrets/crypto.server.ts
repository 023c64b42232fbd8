import crypto from "node:crypto";

/**
 * AES-256-GCM envelope for secrets at rest (shops' shipping API keys, Shopify access and refresh
 * tokens). The context (the shop domain) is bound in as additional authenticated data, so a
 * ciphertext copied onto another shop's row does not decrypt.
 *
 * Format `v2.<key id>.<iv>.<tag>.<ciphertext>` (each part base64url; the key id is the first 8 hex
 * characters of the key's SHA-256), so that a value names the key that sealed it and keys can be
 * rotated: a {@link Keyring} seals with its current key and opens values sealed by any of its keys.
 * The earlier `v1.<iv>.<tag>.<ciphertext>` (no key id) is still opened, by trying each key.
 */
const VERSION = "v2";

/** Two secrets compared in constant time (their hashes have one length whatever was sent). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/** The keys secrets are sealed with: the current one first, then previous ones still accepted. */
export class Keyring {
  readonly keys: readonly Buffer[];
  constructor(keys: readonly Buffer[]) {
    if (keys.length === 0) throw new Error("A keyring needs at least one key");
    for (const key of keys)
      if (key.length !== 32) throw new Error("Encryption keys are 32 bytes (AES-256)");
    this.keys = keys;
  }
  get current(): Buffer {
    return this.keys[0]!;
  }
}

/** One key, or a keyring. */
export type SecretKeys = Buffer | Keyring;

const keysOf = (keys: SecretKeys): readonly Buffer[] =>
  Buffer.isBuffer(keys) ? [keys] : keys.keys;

/** A key's public name: the first 8 hex characters of its SHA-256 (reveals nothing of the key). */
export const keyId = (key: Buffer): string =>
  crypto.createHash("sha256").update(key).digest("hex").slice(0, 8);

export function encryptSecret(plaintext: string, keys: SecretKeys, context: string): string {
  const key = keysOf(keys)[0]!;
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, keyId(key), iv, tag, ciphertext]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export class DecryptionError extends Error {
  override name = "DecryptionError";
}

/** Whether a stored value is a sealed envelope (rather than a secret stored before sealing). */
export const isSealed = (value: string): boolean => /^v[12]\.[A-Za-z0-9_-]+\./.test(value);

/** Whether a value is sealed with the keyring's current key (else a re-seal would change it). */
export function sealedWithCurrent(value: string, keys: SecretKeys): boolean {
  const [version, id] = value.split(".");
  return version === VERSION && id === keyId(keysOf(keys)[0]!);
}

/** The GCM authentication tag the app writes and accepts: 16 bytes, nothing shorter. */
const TAG_BYTES = 16;

export function decryptSecret(envelope: string, keys: SecretKeys, context: string): string {
  const parts = envelope.split(".");
  const ring = keysOf(keys);
  let candidates: readonly Buffer[];
  let sealed: string[];
  if (parts[0] === VERSION && parts.length === 5) {
    const key = ring.find((k) => keyId(k) === parts[1]);
    if (!key)
      throw new DecryptionError(
        `Secret sealed with key ${parts[1]}, which is not among the configured keys (ENCRYPTION_KEYS)`,
      );
    candidates = [key];
    sealed = parts.slice(2);
  } else if (parts[0] === "v1" && parts.length === 4) {
    candidates = ring;
    sealed = parts.slice(1);
  } else {
    throw new DecryptionError("Unrecognised secret envelope");
  }
  const [iv, tag, ciphertext] = sealed as [string, string, string];
  // GCM accepts a tag cut short (12, 8, even 4 bytes), which an attacker may forge far more
  // easily: only the full 16 bytes the app writes are taken.
  const authTag = Buffer.from(tag, "base64url");
  if (authTag.length !== TAG_BYTES)
    throw new DecryptionError(
      `Secret's authentication tag is ${authTag.length} bytes, not ${TAG_BYTES}: refused`,
    );
  for (const key of candidates) {
    try {
      const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(authTag);
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, "base64url")),
        decipher.final(),
      ]).toString("utf8");
    } catch {
      // GCM authentication failed with this key: try the next (v1 values name no key).
    }
  }
  throw new DecryptionError(
    "Secret could not be decrypted (wrong ENCRYPTION_KEY, another shop's value, or tampered)",
  );
}
