import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { DecryptionError, decryptSecret, encryptSecret } from "./crypto.server";

const key = crypto.randomBytes(32);
const secret = "biteship_test.fake-key-for-tests_abcdef";

describe("secret envelope", () => {
  it("round-trips and never contains the plaintext", () => {
    const sealed = encryptSecret(secret, key, "a.myshopify.com");
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(Buffer.from(secret).toString("base64"));
    expect(decryptSecret(sealed, key, "a.myshopify.com")).toBe(secret);
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
