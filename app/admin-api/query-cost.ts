import {
  getNamedType,
  isAbstractType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from "graphql";
import { adminSchema, argumentValue, isConnectionType, operationParts } from "./admin-schema";

/**
 * A document's cost as Shopify's GraphQL Admin API computes it before running it (shopify.dev,
 * "GraphQL Admin API rate limits", cost calculation), over the committed 2026-10 schema:
 *
 * - a scalar or an enum costs 0, an object 1;
 * - a connection (a `…Connection` type) is "sized by first and last arguments": 2, plus its size
 *   times what one item (`nodes { … }` or `edges { node { … } }`) costs;
 * - an interface or a union costs the most expensive of its possible types' selections;
 * - a mutation costs 10, or what its answer asks for when that is more (a payload with a
 *   connection of returned lines): the calculation errs above Shopify's, never below;
 * - a list that is not a connection costs its item once per id asked for (`nodes(ids:)`), once
 *   otherwise (a list of an object's parts, such as an order line's discount allocations).
 *
 * "A single query to the API cannot exceed a cost of 1000", enforced on this requested cost
 * before the query runs (help.shopify.com, GraphQL Admin API call limit): MAX_QUERY_COST. Given
 * the answer's `data`, the same walk gives the actual cost (connections sized by what came back),
 * which Shopify refunds the difference of to the shop's bucket. Decision record 0016 says why a
 * calculator of our own on graphql-js rather than a cost library.
 */
export const MAX_QUERY_COST = 1000;
export const MUTATION_COST = 10;
const CONNECTION_COST = 2;

interface Walk {
  schema: GraphQLSchema;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

/** The requested cost of `document` sent with `variables` (a variable size left out counts 250, Shopify's largest page). */
export function requestedQueryCost(document: string, variables: Record<string, unknown> = {}) {
  return queryCost(document, variables);
}

/** The actual cost of an answer: connections sized by the items that came back. */
export function actualQueryCost(
  document: string,
  variables: Record<string, unknown>,
  data: unknown,
): number {
  return queryCost(document, variables, data ?? null);
}

function queryCost(document: string, variables: Record<string, unknown>, data?: unknown): number {
  const parts = operationParts(document);
  if (!parts) return 0;
  const { operation, fragments } = parts;
  const schema = adminSchema();
  const walk: Walk = { schema, fragments, variables };
  const mutation = operation.operation === "mutation";
  const root = mutation ? schema.getMutationType() : schema.getQueryType();
  if (!root) return 0;
  let total = 0;
  for (const field of fieldsFor(walk, operation.selectionSet, root)) {
    const definition = root.getFields()[field.name.value];
    if (!definition) continue;
    const value = answerOf(data, field);
    if (data !== undefined && value === undefined) continue;
    const below = fieldCost(walk, field, definition.type, value);
    total += mutation ? Math.max(MUTATION_COST, below) : below;
  }
  return total;
}

/** The field's part of an answer (by its alias), or undefined when no answer is being priced. */
function answerOf(data: unknown, field: FieldNode): unknown {
  if (data === undefined) return undefined;
  if (data === null || typeof data !== "object") return null;
  return (data as Record<string, unknown>)[field.alias?.value ?? field.name.value] ?? null;
}

function fieldCost(walk: Walk, field: FieldNode, type: GraphQLOutputType, value: unknown): number {
  const named = getNamedType(type);
  if (!field.selectionSet) return 0; // a scalar or an enum
  if (value === null) return 0; // nothing came back: nothing to pay for
  if (isConnectionType(named)) return connectionCost(walk, field, named, value);
  if (isListType(isNonNullType(type) ? type.ofType : type)) {
    if (Array.isArray(value))
      return value.reduce<number>(
        (sum, item) => sum + objectCost(walk, field.selectionSet!, named, item),
        0,
      );
    // Sized by the ids asked for; an ids variable left out counts Shopify's largest input, 250.
    const asked = field.arguments?.some((a) => a.name.value === "ids");
    const ids = argumentValue(field, "ids", walk.variables);
    const size = Array.isArray(ids) ? ids.length : asked ? 250 : 1;
    return size * objectCost(walk, field.selectionSet, named, undefined);
  }
  return objectCost(walk, field.selectionSet, named, value);
}

function connectionCost(
  walk: Walk,
  field: FieldNode,
  type: GraphQLObjectType,
  value: unknown,
): number {
  // What one item costs, through `nodes` or `edges { node }` (the dearer of the two if both).
  const items = (answer: unknown): unknown[] | undefined => {
    if (answer === undefined) return undefined;
    const connection = answer as Record<string, unknown>;
    let list: unknown[] = [];
    for (const selection of fieldsFor(walk, field.selectionSet!, type)) {
      const key = selection.alias?.value ?? selection.name.value;
      if (selection.name.value === "nodes" && Array.isArray(connection[key]))
        list = connection[key] as unknown[];
      if (selection.name.value === "edges" && Array.isArray(connection[key]))
        list = (connection[key] as Record<string, unknown>[]).map((edge) => edge?.node ?? null);
    }
    return list;
  };
  const itemCost = (item: unknown): number => {
    let cost = 0;
    for (const selection of fieldsFor(walk, field.selectionSet!, type)) {
      const name = selection.name.value;
      if (!selection.selectionSet) continue;
      if (name === "nodes") {
        const nodeType = getNamedType(type.getFields().nodes!.type);
        cost = Math.max(cost, objectCost(walk, selection.selectionSet, nodeType, item));
      } else if (name === "edges") {
        const edgeType = getNamedType(type.getFields().edges!.type) as GraphQLObjectType;
        for (const edgeField of fieldsFor(walk, selection.selectionSet, edgeType)) {
          if (edgeField.name.value !== "node" || !edgeField.selectionSet) continue;
          const nodeType = getNamedType(edgeType.getFields().node!.type);
          cost = Math.max(cost, objectCost(walk, edgeField.selectionSet, nodeType, item));
        }
      }
    }
    return cost;
  };
  const returned = items(value);
  if (returned) return CONNECTION_COST + returned.reduce<number>((s, i) => s + itemCost(i), 0);
  return CONNECTION_COST + connectionSize(walk, field) * itemCost(undefined);
}

/** `first` or `last`, literal or a variable; a size the request leaves open counts 250, Shopify's largest page. */
function connectionSize(walk: Walk, field: FieldNode): number {
  for (const name of ["first", "last"]) {
    const size = argumentValue(field, name, walk.variables);
    if (typeof size === "number") return size;
  }
  return 250;
}

/**
 * An object's cost: 1 and its fields'. For an interface or a union, the dearest of its possible
 * types (or, for an answer, the type that came back).
 */
function objectCost(
  walk: Walk,
  selectionSet: SelectionSetNode,
  type: GraphQLNamedType,
  value: unknown,
): number {
  if (value === null) return 0;
  if (isAbstractType(type)) {
    const possible = walk.schema.getPossibleTypes(type);
    const typename = (value as { __typename?: unknown } | undefined)?.__typename;
    const candidates = possible.filter((t) => typename === undefined || t.name === typename);
    return Math.max(0, ...candidates.map((t) => objectCost(walk, selectionSet, t, value)));
  }
  if (!isObjectType(type)) return 0;
  let cost = 1;
  for (const field of fieldsFor(walk, selectionSet, type)) {
    const definition = type.getFields()[field.name.value];
    if (!definition) continue;
    const below = answerOf(value, field);
    cost += fieldCost(walk, field, definition.type, value === undefined ? undefined : below);
  }
  return cost;
}

/** The fields a selection asks of an object type, through fragments whose condition it meets. */
function fieldsFor(walk: Walk, selectionSet: SelectionSetNode, type: GraphQLObjectType) {
  const fields: FieldNode[] = [];
  const applies = (condition: string | undefined) =>
    !condition ||
    condition === type.name ||
    type.getInterfaces().some((i) => i.name === condition) ||
    (() => {
      const named = walk.schema.getType(condition);
      return named !== undefined && isAbstractType(named) && walk.schema.isSubType(named, type);
    })();
  const visit = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) fields.push(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (applies(selection.typeCondition?.name.value)) visit(selection.selectionSet);
      } else {
        const fragment = walk.fragments.get(selection.name.value);
        if (fragment && applies(fragment.typeCondition.name.value)) visit(fragment.selectionSet);
      }
    }
  };
  visit(selectionSet);
  return fields;
}
