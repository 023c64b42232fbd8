import crypto from "node:crypto";

/**
 * AES-256-GCM envelope for secrets at rest (shops' shipping API keys).
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. The shop domain is bound in as
 * additional authenticated data, so a ciphertext copied onto another shop's row does not decrypt.
 */
const VERSION = "v1";

export function encryptSecret(plaintext: string, key: Buffer, context: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, ciphertext]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export class DecryptionError extends Error {
  override name = "DecryptionError";
}

export function decryptSecret(envelope: string, key: Buffer, context: string): string {
  const [version, iv, tag, ciphertext] = envelope.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
    throw new DecryptionError("Unrecognised secret envelope");
  }
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    // GCM authentication failed: wrong ENCRYPTION_KEY, wrong shop, or a tampered value.
    throw new DecryptionError(
      "Secret could not be decrypted (wrong ENCRYPTION_KEY or tampered value)",
    );
  }
}
