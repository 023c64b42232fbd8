import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "#app/i18n/locales/en.json";
import id from "#app/i18n/locales/id.json";
import { appTomlScopes } from "#fakes/shopify/access.ts";
import { APP_PROXY } from "#app/buyer-page/buyer-link.server.ts";

/**
 * shopify.app.toml is what `shopify app deploy` publishes: every webhook it subscribes to must reach
 * a route that takes that topic, every Shopify webhook route must be subscribed, and the scopes it
 * asks for are the ones the app is configured with.
 */
const toml = fs.readFileSync("shopify.app.toml", "utf8");
const routesDir = path.join("app", "routes");
const subscriptions = [
  ...toml.matchAll(/^\s*(compliance_topics|topics) = \["([^"]+)"\]\s*\n\s*uri = "([^"]+)"/gm),
].map((m) => ({ topic: m[2]!, uri: m[3]! }));

describe("shopify.app.toml", () => {
  it("subscribes each topic at its own route, which takes that topic", () => {
    // Each [[webhooks.subscriptions]] block was read.
    expect(subscriptions.length).toBe(toml.match(/^\s*\[\[webhooks\.subscriptions\]\]/gm)?.length);
    expect(subscriptions.map((s) => s.topic)).toEqual(
      expect.arrayContaining(["orders/create", "fulfillment_orders/moved", "shop/redact"]),
    );
    for (const { topic, uri } of subscriptions) {
      expect(uri).toBe(`/webhooks/${topic}`);
      const file = path.join(routesDir, `webhooks.${topic.replace("/", ".")}.tsx`);
      expect(fs.existsSync(file), file).toBe(true);
      expect(fs.readFileSync(file, "utf8"), file).toContain(`"${topic}"`);
    }
  });

  it("every Shopify webhook route is subscribed (the shipping service's events routes are not Shopify's)", () => {
    const routes = fs
      .readdirSync(routesDir)
      .filter(
        (f) =>
          /^webhooks\..+\.tsx$/.test(f) &&
          !["webhooks.shipping.tsx", "webhooks.shipping.$token.tsx"].includes(f),
      );
    const subscribed = new Set(
      subscriptions.map((s) => `webhooks.${s.topic.replace("/", ".")}.tsx`),
    );
    expect(routes.filter((f) => !subscribed.has(f))).toEqual([]);
  });

  it("forwards the app proxy where the buyer's links point, to the route that answers them", () => {
    const block = /^\[app_proxy\]\n((?:\w+ = "[^"]*"\n?)+)/m.exec(toml)?.[1] ?? "";
    const field = (name: string) => new RegExp(`^${name} = "([^"]*)"`, "m").exec(block)?.[1];
    expect(field("prefix")).toBe(APP_PROXY.prefix);
    expect(field("subpath")).toBe(APP_PROXY.subpath);
    const application = /^application_url = "([^"]+)"/m.exec(toml)?.[1];
    expect(field("url")).toBe(`${application}${APP_PROXY.path}`);
    expect(fs.existsSync(path.join(routesDir, "proxy.k.$token.tsx"))).toBe(true);
  });

  it("asks for the scopes the app is configured with (.env.example's SCOPES)", () => {
    const scopes = appTomlScopes(toml);
    const env = /^SCOPES=(.+)$/m.exec(fs.readFileSync(".env.example", "utf8"))?.[1];
    expect([...scopes].sort()).toEqual(env!.split(",").sort());
    // Rates at checkout register a carrier service (write_shipping, which includes reading).
    expect(scopes).toContain("write_shipping");
    expect(scopes).not.toContain("read_shipping");
  });

  it("says what each scope is for, in the words of the banner a shop without it sees", () => {
    for (const texts of [en, id]) {
      const purposes: Record<string, string> = texts.scopes.purpose;
      expect(appTomlScopes(toml).filter((s) => !purposes[s])).toEqual([]);
    }
  });
});
