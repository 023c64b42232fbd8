import fs from "node:fs";
import path from "node:path";
import { AuthScopes } from "@shopify/shopify-api";
import { describe, expect, it } from "vitest";
import { accessDeniedAnswer, appTomlScopes, rootFields } from "#fakes/shopify/access.ts";
import { adminSchema } from "./admin-schema";
import { ADMIN_FIELD_ACCESS, deniedScopes, grantsAccess, missingScopes } from "./access-scopes";
import { FULFILLMENT_EVENT_CREATE } from "./operations/fulfillments";
import { AdminGraphqlError, checkErrors } from "./request";

/** Every document the app sends: each string export of every module of ./operations/. */
const folder = path.join(import.meta.dirname, "operations");
const documents: [string, string][] = [];
for (const file of fs
  .readdirSync(folder)
  .filter((f) => f.endsWith(".ts"))
  .sort()) {
  const module = (await import(path.join(folder, file))) as Record<string, unknown>;
  for (const [name, value] of Object.entries(module))
    if (typeof value === "string") documents.push([`${file} ${name}`, value]);
}
/** The root fields the app sends, each with the documents that send it. */
const sent = new Map<string, string[]>();
for (const [name, document] of documents)
  for (const { field } of rootFields(document)) sent.set(field, [...(sent.get(field) ?? []), name]);

const toml = fs.readFileSync("shopify.app.toml", "utf8");

describe("the Admin API's access scopes, one table the code is held to", () => {
  it("every root field an operation sends has its documented scopes in the table", () => {
    expect(documents.length).toBeGreaterThanOrEqual(29);
    const unlisted = [...sent.keys()].filter((field) => !ADMIN_FIELD_ACCESS[field]);
    expect(unlisted).toEqual([]);
  });

  it("shopify.app.toml requests a scope for every field the app sends (a write scope grants its read)", () => {
    const requested = new AuthScopes(appTomlScopes(toml));
    const uncovered = [...sent.keys()].filter(
      (field) => !grantsAccess(requested, ADMIN_FIELD_ACCESS[field]!),
    );
    expect(uncovered.map((f) => [f, ADMIN_FIELD_ACCESS[f]!.anyOf.join(" or ")])).toEqual([]);
    // The courier's progress reaches the customer only with write_fulfillments.
    expect(sent.get("fulfillmentEventCreate")).toEqual([
      "fulfillments.ts FULFILLMENT_EVENT_CREATE",
    ]);
  });

  it("asks for nothing it does not use: each requested scope grants a field the app sends", () => {
    const used = (scope: string) =>
      [...sent.keys()].some((f) => grantsAccess(new AuthScopes([scope]), ADMIN_FIELD_ACCESS[f]!));
    // read_products: the store order's products (inside `order`), whose access Shopify checks
    // below the root field; write_* listed with their read_* (the read is what Shopify grants too).
    const unused = appTomlScopes(toml).filter((s) => s !== "read_products" && !used(s));
    expect(unused).toEqual([]);
  });

  it("every field of the table is one Shopify's 2026-10 schema has, with its reference page", () => {
    const schema = adminSchema();
    const roots = {
      ...schema.getQueryType()!.getFields(),
      ...schema.getMutationType()!.getFields(),
    };
    for (const [field, access] of Object.entries(ADMIN_FIELD_ACCESS)) {
      expect([field, field in roots]).toEqual([field, true]);
      expect(access.doc).toMatch(
        new RegExp(
          `^https://shopify\\.dev/docs/api/admin-graphql/2026-10/(queries|mutations)/${field}$`,
        ),
      );
    }
  });

  it("a write scope grants its read; a read grants no write", () => {
    expect(missingScopes(["read_orders", "write_fulfillments"], "write_orders")).toEqual([
      "write_fulfillments",
    ]);
    expect(missingScopes(["write_orders"], ["read_orders"])).toEqual(["write_orders"]);
    expect(missingScopes(appTomlScopes(toml), appTomlScopes(toml).join(","))).toEqual([]);
    expect(missingScopes(["read_orders"], undefined)).toEqual(["read_orders"]);
  });

  it("Shopify's refusal, as the fake gives it, names the field; the table names its scope", () => {
    const granted = appTomlScopes(toml).filter((s) => s !== "write_fulfillments");
    const answer = accessDeniedAnswer(FULFILLMENT_EVENT_CREATE, granted);
    expect(answer).toMatchObject({
      data: { fulfillmentEventCreate: null },
      errors: [
        {
          message:
            "Access denied for fulfillmentEventCreate field. Required access: `write_fulfillments` access scope. Also: The user must have fulfill_and_ship_orders permission.",
          path: ["fulfillmentEventCreate"],
          extensions: { code: "ACCESS_DENIED" },
        },
      ],
    });
    let error: unknown;
    try {
      checkErrors(answer);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(AdminGraphqlError);
    expect((error as AdminGraphqlError).deniedFields).toEqual(["fulfillmentEventCreate"]);
    expect(deniedScopes((error as AdminGraphqlError).deniedFields)).toEqual(["write_fulfillments"]);
    // Granted: nothing refused.
    expect(accessDeniedAnswer(FULFILLMENT_EVENT_CREATE, appTomlScopes(toml))).toBeNull();
  });
});
