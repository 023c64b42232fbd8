import {
  getNamedType,
  isAbstractType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type SelectionSetNode,
} from "graphql";
import {
  adminSchema,
  argumentValue,
  isConnectionType,
  operationParts,
} from "#app/admin-api/admin-schema.ts";

/**
 * Shopify's connections as a real store answers them: a connection gives at most `first` items
 * (or the `last` ones) after the `after` cursor, with `pageInfo` saying whether more follow and
 * where the page ended. The fake's answers list every item; this cuts each connection the document
 * asks for to the page it asks for, at any depth, so that an app that reads only the first page of
 * a large order is seen to miss the rest. A cursor is the number of items before the next one.
 */
export function pageConnections(
  query: string,
  variables: Record<string, unknown>,
  data: unknown,
): unknown {
  if (data === null || typeof data !== "object") return data;
  const parts = operationParts(query);
  if (!parts) return data;
  const { operation, fragments } = parts;
  const schema = adminSchema();
  const root =
    operation.operation === "mutation" ? schema.getMutationType() : schema.getQueryType();
  if (!root) return data;
  const context = { fragments, variables };
  return shape(context, operation.selectionSet, root, data);
}

interface Context {
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

function shape(
  context: Context,
  selectionSet: SelectionSetNode,
  type: GraphQLNamedType,
  value: unknown,
): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => shape(context, selectionSet, type, item));
  const object = { ...(value as Record<string, unknown>) };
  for (const field of fieldsOf(context, selectionSet)) {
    const key = field.alias?.value ?? field.name.value;
    if (!(key in object) || !field.selectionSet) continue;
    const fieldType = fieldTypeOf(type, field.name.value);
    if (!fieldType) continue;
    object[key] = isConnectionType(fieldType)
      ? page(context, field, fieldType, object[key])
      : shape(context, field.selectionSet, fieldType, object[key]);
  }
  return object;
}

/** The named type of a field on an object type, or on any possible type of an abstract one. */
function fieldTypeOf(type: GraphQLNamedType, name: string): GraphQLNamedType | undefined {
  const candidates = isAbstractType(type)
    ? [type, ...adminSchema().getPossibleTypes(type)]
    : [type];
  for (const t of candidates) {
    if (!isObjectType(t) && !("getFields" in t)) continue;
    const field = (t as GraphQLObjectType).getFields()[name];
    if (field) return getNamedType(field.type);
  }
  return undefined;
}

function page(context: Context, field: FieldNode, type: GraphQLObjectType, value: unknown) {
  if (value === null || typeof value !== "object") return value;
  const connection = value as { nodes?: unknown[]; edges?: { node: unknown }[] };
  const all: unknown[] = connection.nodes ?? connection.edges?.map((e) => e.node) ?? [];
  const argument = (name: string) => argumentValue(field, name, context.variables);
  const first = argument("first");
  const last = argument("last");
  const after = argument("after");
  const before = argument("before");
  let start = typeof after === "string" && after !== "" ? Number(after) : 0;
  let end = typeof before === "string" && before !== "" ? Number(before) - 1 : all.length;
  if (typeof first === "number") end = Math.min(end, start + first);
  if (typeof last === "number") start = Math.max(start, end - last);
  const items = all.slice(start, end);
  const nodeType = getNamedType(type.getFields().nodes?.type ?? type);
  const shaped = items.map((item, i) => {
    const selection = nodeSelection(context, field.selectionSet!);
    return { node: selection ? shape(context, selection, nodeType, item) : item, at: start + i };
  });
  const result: Record<string, unknown> = {
    ...(value as Record<string, unknown>),
    pageInfo: {
      hasNextPage: end < all.length,
      hasPreviousPage: start > 0,
      startCursor: items.length ? String(start) : null,
      endCursor: items.length ? String(end) : null,
    },
  };
  if (connection.edges)
    result.edges = shaped.map((s) => ({ node: s.node, cursor: String(s.at + 1) }));
  else result.nodes = shaped.map((s) => s.node);
  return result;
}

/** What the document asks of each item: `nodes { … }` or `edges { node { … } }`. */
function nodeSelection(context: Context, selectionSet: SelectionSetNode) {
  for (const field of fieldsOf(context, selectionSet)) {
    if (field.name.value === "nodes" && field.selectionSet) return field.selectionSet;
    if (field.name.value === "edges" && field.selectionSet)
      for (const edgeField of fieldsOf(context, field.selectionSet))
        if (edgeField.name.value === "node" && edgeField.selectionSet)
          return edgeField.selectionSet;
  }
  return undefined;
}

/** Every field a selection names, through its fragments (whatever their type conditions). */
function fieldsOf(context: Context, selectionSet: SelectionSetNode): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT)
      fields.push(...fieldsOf(context, selection.selectionSet));
    else {
      const fragment = context.fragments.get(selection.name.value);
      if (fragment) fields.push(...fieldsOf(context, fragment.selectionSet));
    }
  }
  return fields;
}
