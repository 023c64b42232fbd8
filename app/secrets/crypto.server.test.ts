import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  DecryptionError,
  Keyring,
  decryptSecret,
  encryptSecret,
  isSealed,
  keyId,
  sealedWithCurrent,
} from "./crypto.server";

const key = crypto.randomBytes(32);
const secret = "biteship_test.fake-key-for-tests_abcdef";

describe("secret envelope", () => {
  it("round-trips and never contains the plaintext", () => {
    const sealed = encryptSecret(secret, key, "a.myshopify.com");
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(Buffer.from(secret).toString("base64"));
    expect(decryptSecret(sealed, key, "a.myshopify.com")).toBe(secret);
  });

  it("opens only with the whole 16-byte tag: one cut to 12, 8 or 4 bytes is refused", () => {
    const sealed = encryptSecret(secret, key, "a.myshopify.com");
    const parts = sealed.split(".");
    const tag = Buffer.from(parts[3]!, "base64url");
    expect(tag).toHaveLength(16);
    for (const length of [12, 8, 4]) {
      const cut = [...parts];
      cut[3] = tag.subarray(0, length).toString("base64url");
      expect(() => decryptSecret(cut.join("."), key, "a.myshopify.com")).toThrow(
        `Secret's authentication tag is ${length} bytes, not 16: refused`,
      );
    }
  });

  it("uses a fresh IV each time", () => {
    expect(encryptSecret(secret, key, "a")).not.toBe(encryptSecret(secret, key, "a"));
  });

  it("refuses another shop's context, another key, and tampering", () => {
    const sealed = encryptSecret(secret, key, "a.myshopify.com");
    expect(() => decryptSecret(sealed, key, "b.myshopify.com")).toThrow(DecryptionError);
    expect(() => decryptSecret(sealed, crypto.randomBytes(32), "a.myshopify.com")).toThrow(
      DecryptionError,
    );
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString("base64url");
    expect(() => decryptSecret(parts.join("."), key, "a.myshopify.com")).toThrow(DecryptionError);
    expect(() => decryptSecret("plain", key, "a.myshopify.com")).toThrow(DecryptionError);
  });
});

describe("key rotation", () => {
  const old = crypto.randomBytes(32);
  const current = crypto.randomBytes(32);
  const ring = new Keyring([current, old]);

  it("a keyring opens what its previous key sealed and seals with its current key", () => {
    const before = encryptSecret(secret, old, "a.myshopify.com");
    expect(sealedWithCurrent(before, ring)).toBe(false);
    expect(decryptSecret(before, ring, "a.myshopify.com")).toBe(secret);
    const after = encryptSecret(secret, ring, "a.myshopify.com");
    expect(after.split(".")[1]).toBe(keyId(current));
    expect(sealedWithCurrent(after, ring)).toBe(true);
    // Once the old key is dropped, what it sealed no longer opens, and the error names its key.
    expect(() => decryptSecret(before, new Keyring([current]), "a.myshopify.com")).toThrow(
      new RegExp(keyId(old)),
    );
  });

  it("opens the earlier v1 envelopes (no key id) with whichever key sealed them", () => {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv("aes-256-gcm", old, iv);
    cipher.setAAD(Buffer.from("a.myshopify.com"));
    const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
    const v1 = ["v1", iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
    expect(isSealed(v1)).toBe(true);
    expect(decryptSecret(v1, ring, "a.myshopify.com")).toBe(secret);
    expect(sealedWithCurrent(v1, ring)).toBe(false);
    expect(isSealed("shpat_0123456789abcdef")).toBe(false);
  });
});
