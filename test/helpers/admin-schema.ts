import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { buildClientSchema, parse, validate, type GraphQLSchema, type IntrospectionQuery } from "graphql";

/**
 * Shopify's real Admin GraphQL schema, version 2026-10 (the app's API version), as introspection
 * JSON: test/fixtures/shopify/admin_2026-10.json.gz, taken unchanged from the npm package
 * @shopify/dev-mcp 1.16.0 (`npm pack @shopify/dev-mcp`, dist/data/). Every query and mutation the
 * app sends is validated against it, here and by the fake Admin API of the tests.
 */
const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "shopify", "admin_2026-10.json.gz");

let schema: GraphQLSchema | undefined;
export function adminSchema(): GraphQLSchema {
  if (!schema) {
    const introspection = JSON.parse(zlib.gunzipSync(fs.readFileSync(FILE)).toString("utf8")) as { data: IntrospectionQuery };
    schema = buildClientSchema(introspection.data);
  }
  return schema;
}

/** The schema's complaints about a document (empty: Shopify would accept it). */
export function adminQueryErrors(query: string): string[] {
  return validate(adminSchema(), parse(query)).map((e) => e.message);
}
