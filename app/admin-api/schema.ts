/**
 * Shopify's Admin GraphQL schema, as the GraphQL tooling loads it: `.graphqlrc.ts` names this
 * module, whose `schema` export graphql-codegen takes. The schema itself is the committed
 * introspection file (schema/admin_2026-10.json.gz), read by admin-schema.ts, which the tests and
 * their fake Admin API check every call against.
 */
// With its extension: graphql-codegen loads this file with Node's own loader, which adds none.
import { adminSchema } from "./admin-schema.ts";

export const schema = adminSchema();
