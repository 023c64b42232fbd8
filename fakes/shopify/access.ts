import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AuthScopes } from "@shopify/shopify-api";
import { Kind, parse, type OperationDefinitionNode } from "graphql";
import { ADMIN_FIELD_ACCESS, grantsAccess } from "#app/admin-api/access-scopes.ts";

/**
 * What Shopify does with a shop's grant, for the fake Admin API: each root field of a document is
 * checked against the scopes Shopify documents for it (app/admin-api/access-scopes.ts), and one
 * the shop's grant does not cover is refused the way Shopify refuses it (ACCESS_DENIED, its field
 * null, the required scope named).
 */

const TOML = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "shopify.app.toml",
);

/** The scopes shopify.app.toml requests (`[access_scopes] scopes`): what an installation grants. */
export function appTomlScopes(toml = fs.readFileSync(TOML, "utf8")): string[] {
  const scopes = /^scopes = "([^"]*)"/m.exec(toml)?.[1];
  if (scopes === undefined) throw new Error("shopify.app.toml has no [access_scopes] scopes line");
  return scopes
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A root field of a document: its name in the schema, and the key its answer has in `data`. */
export interface RootField {
  field: string;
  key: string;
}

const rootsOf = new Map<string, RootField[]>();
/** The root fields a document selects (its operation's top-level fields). */
export function rootFields(document: string): RootField[] {
  let roots = rootsOf.get(document);
  if (!roots) {
    const operation = parse(document).definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    roots = (operation?.selectionSet.selections ?? []).flatMap((s) =>
      s.kind === Kind.FIELD ? [{ field: s.name.value, key: s.alias?.value ?? s.name.value }] : [],
    );
    if (rootsOf.size < 1000) rootsOf.set(document, roots);
  }
  return roots;
}

/**
 * Shopify's answer to a document whose fields the grant does not all cover, or null when it does.
 * A field the scope table lacks is an error of the app (it sends something nobody checked the
 * scope of), thrown.
 */
export function accessDeniedAnswer(document: string, granted: readonly string[]): unknown {
  const grant = new AuthScopes([...granted]);
  const denied = rootFields(document).filter(({ field }) => {
    const access = ADMIN_FIELD_ACCESS[field];
    if (!access)
      throw new Error(
        `The app sends the Admin field ${field}, which app/admin-api/access-scopes.ts does not list`,
      );
    return !grantsAccess(grant, access);
  });
  if (denied.length === 0) return null;
  return {
    data: Object.fromEntries(denied.map(({ key }) => [key, null])),
    errors: denied.map(({ field, key }) => {
      const access = ADMIN_FIELD_ACCESS[field]!;
      const required = `${access.anyOf.map((s) => `\`${s}\` access scope`).join(" or ")}.${
        access.also ? ` Also: ${access.also}` : ""
      }`;
      return {
        message: `Access denied for ${field} field. Required access: ${required}`,
        path: [key],
        extensions: {
          code: "ACCESS_DENIED",
          documentation: "https://shopify.dev/api/usage/access-scopes",
          requiredAccess: required,
        },
      };
    }),
  };
}
