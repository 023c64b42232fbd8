import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import {
  buildClientSchema,
  getVariableValues,
  Kind,
  NoDeprecatedCustomRule,
  parse,
  validate,
  isObjectType,
  valueFromASTUntyped,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type IntrospectionQuery,
  type OperationDefinitionNode,
} from "graphql";

/**
 * Shopify's real Admin GraphQL schema, version 2026-10 (the app's API version), as introspection
 * JSON: app/admin-api/schema/admin_2026-10.json.gz, taken unchanged from the npm package
 * @shopify/dev-mcp 1.16.0 (`npm pack @shopify/dev-mcp`, dist/data/). Every query and mutation the
 * app sends is validated against it, by the tests and by their fake Admin API
 * (fakes/shopify/fake-admin.ts); graphql-codegen types the documents from it (schema.ts).
 */
const FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "schema",
  "admin_2026-10.json.gz",
);

let schema: GraphQLSchema | undefined;
export function adminSchema(): GraphQLSchema {
  if (!schema) {
    const introspection = JSON.parse(zlib.gunzipSync(fs.readFileSync(FILE)).toString("utf8")) as {
      data: IntrospectionQuery;
    };
    schema = buildClientSchema(introspection.data);
  }
  return schema;
}

const checked = new Map<string, string[]>();
/**
 * The schema's complaints about a document (empty: Shopify would accept it). Remembered per
 * document: the app sends a few constant documents, and the fake Admin API that checks each call
 * runs in the benchmark's process, next to the sandbox whose figures it must not slow.
 */
export function adminQueryErrors(query: string): string[] {
  let errors = checked.get(query);
  if (!errors) {
    errors = validate(adminSchema(), parse(query)).map((e) => e.message);
    if (checked.size < 1000) checked.set(query, errors);
  }
  return errors;
}

/**
 * What a (valid) document uses that the schema deprecates: fields, arguments, input fields and
 * enum values, in graphql-js's words ("… is deprecated. Use … instead."). Shopify keeps a
 * deprecated part working for a while, then removes it in a later version.
 */
export function adminDeprecations(query: string): string[] {
  return validate(adminSchema(), parse(query), [NoDeprecatedCustomRule]).map((e) => e.message);
}

const operations = new Map<string, OperationDefinitionNode>();
/**
 * The schema's complaints about the variables sent with a (valid) document: a missing non-null
 * variable, a wrong type, an unknown input field, an enum value Shopify does not have.
 */
export function adminVariableErrors(query: string, variables: Record<string, unknown>): string[] {
  let operation = operations.get(query);
  if (!operation) {
    operation = parse(query).definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    if (operation && operations.size < 1000) operations.set(query, operation);
  }
  if (!operation) return ["no operation in the document"];
  const result = getVariableValues(adminSchema(), operation.variableDefinitions ?? [], variables);
  return result.errors?.map((e) => e.message) ?? [];
}

export interface OperationParts {
  operation: OperationDefinitionNode;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
}
const parts = new Map<string, OperationParts | null>();
/**
 * A document's (first) operation and its fragments by name, parsed once per document (the app
 * sends a few constant documents); null when it has no operation.
 */
export function operationParts(document: string): OperationParts | null {
  let found = parts.get(document);
  if (found === undefined) {
    const fragments = new Map<string, FragmentDefinitionNode>();
    let operation: OperationDefinitionNode | undefined;
    for (const d of parse(document).definitions) {
      if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
      else if (d.kind === Kind.OPERATION_DEFINITION) operation ??= d;
    }
    found = operation ? { operation, fragments } : null;
    if (parts.size < 1000) parts.set(document, found);
  }
  return found;
}

/** A Relay connection of the schema (`…Connection` with `pageInfo`): sized by `first`/`last`, read in pages. */
export function isConnectionType(type: GraphQLNamedType): type is GraphQLObjectType {
  return isObjectType(type) && type.name.endsWith("Connection") && "pageInfo" in type.getFields();
}

/** A field's argument as sent: a literal, or the variable's value; undefined when not given. */
export function argumentValue(
  field: FieldNode,
  name: string,
  variables: Record<string, unknown>,
): unknown {
  const node = field.arguments?.find((a) => a.name.value === name);
  return node ? valueFromASTUntyped(node.value, variables) : undefined;
}
