/**
 * Shopify's Admin GraphQL schema, as the GraphQL tooling loads it: `.graphqlrc.ts` names this
 * module, whose `schema` export graphql-codegen takes. The schema itself is the committed
 * introspection file, read by fakes/shopify/admin-schema.ts (which the tests' fake Admin API
 * checks every call against).
 */
import { adminSchema } from "#fakes/shopify/admin-schema.ts";

export const schema = adminSchema();
