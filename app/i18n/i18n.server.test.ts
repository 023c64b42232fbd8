import { describe, expect, it, vi } from "vitest";
import { RemixI18Next } from "remix-i18next/server";
import { ACCEPT_LANGUAGE_READ, languageOf } from "./i18n.server";

const request = (acceptLanguage: string, search = "") =>
  new Request(`https://app.example/app${search}`, {
    headers: { "accept-language": acceptLanguage },
  });

describe("languageOf", () => {
  it("reads an ordinary Accept-Language, and Shopify's locale parameter before it", async () => {
    expect(await languageOf(request("id-ID,id;q=0.9,en;q=0.8"))).toBe("id");
    expect(await languageOf(request("id-ID,id;q=0.9", "?locale=en"))).toBe("en");
  });

  it("reads only the first whole tags of a huge Accept-Language", async () => {
    // 16 KB of tags the app does not speak, then Indonesian: past what is read, so English.
    const filler = Array.from({ length: 1_600 }, (_, i) => `x${i % 10}-zz;q=0.1`).join(",");
    expect(filler.length).toBeGreaterThan(16_000);
    expect(await languageOf(request(`${filler},id`))).toBe("en");
    // Indonesian among the first tags is found however long the rest.
    expect(await languageOf(request(`id-ID,id;q=0.9,${filler}`))).toBe("id");
    const spy = vi.spyOn(RemixI18Next.prototype, "getLocale");
    await languageOf(request(`fr-FR,${filler}`));
    const seen = spy.mock.calls[0]![0].headers.get("accept-language") ?? "";
    expect(seen.length).toBeLessThanOrEqual(ACCEPT_LANGUAGE_READ);
    spy.mockRestore();
  });

  it("parses a request's language once, however many ask", async () => {
    const spy = vi.spyOn(RemixI18Next.prototype, "getLocale");
    const one = request("id-ID,id;q=0.9");
    const answers = await Promise.all([languageOf(one), languageOf(one), languageOf(one)]);
    expect(answers).toEqual(["id", "id", "id"]);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});
