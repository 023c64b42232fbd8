import {
  METAFIELD_DEFINITION_CREATE,
  METAFIELD_DEFINITION_QUERY,
  METAFIELD_DEFINITION_UPDATE,
  METAFIELDS_SET,
} from "#app/admin-api/operations/metafields.ts";

/**
 * Shopify's metafields and metafield definitions as the fake Admin API keeps them, per shop: the
 * definitions the app makes (metafieldDefinition, metafieldDefinitionCreate/Update) and the values
 * it sets (metafieldsSet), checked as Shopify checks them: a value must fit its definition's type
 * and choices, a key is defined once, the shop's pinned definitions are limited.
 */

export interface FakeDefinition {
  id: string;
  ownerType: string;
  namespace: string;
  key: string;
  type: string;
  name: string;
  description?: string;
  pinned: boolean;
  validations: { name: string; value: string }[];
}

interface DefinitionInput {
  ownerType: string;
  namespace?: string;
  key: string;
  type?: string;
  name?: string;
  description?: string;
  pin?: boolean;
  validations?: { name: string; value: string }[];
}

type UserError = { field: string[]; message: string; code?: string };

export class FakeMetafields {
  readonly definitions = new Map<string, FakeDefinition>();
  /** "<shop> <ownerId> <namespace>.<key>" → the value set. */
  readonly values = new Map<string, { type: string; value: string }>();
  /** Shops that pinned as many order metafield definitions as Shopify allows. */
  readonly pinnedFull = new Set<string>();
  /** Every definition made or updated, in order: "<shop> create|update <namespace>.<key>". */
  readonly definitionWrites: string[] = [];
  private next = 1;

  definition(
    shop: string,
    ownerType: string,
    namespace: string,
    key: string,
  ): FakeDefinition | undefined {
    return this.definitions.get(`${shop} ${ownerType} ${namespace}.${key}`);
  }

  /** A definition the merchant (or another app) made in the shop. */
  define(
    shop: string,
    input: Omit<FakeDefinition, "id" | "pinned" | "validations"> & Partial<FakeDefinition>,
  ): FakeDefinition {
    const made: FakeDefinition = {
      pinned: false,
      validations: [],
      ...input,
      id: `gid://shopify/MetafieldDefinition/${this.next++}`,
    };
    this.definitions.set(`${shop} ${made.ownerType} ${made.namespace}.${made.key}`, made);
    return made;
  }

  value(shop: string, ownerId: string, namespace: string, key: string): string | undefined {
    return this.values.get(`${shop} ${ownerId} ${namespace}.${key}`)?.value;
  }

  /** Shopify's answer to one of the metafield documents; undefined for any other query. */
  answer(shop: string, query: string, variables: Record<string, unknown>): unknown {
    if (query === METAFIELD_DEFINITION_QUERY) {
      const id = variables.identifier as DefinitionInput;
      const found = this.definition(shop, id.ownerType, id.namespace ?? "", id.key);
      return {
        data: { metafieldDefinition: found ? { id: found.id, type: { name: found.type } } : null },
      };
    }
    if (query === METAFIELD_DEFINITION_CREATE) {
      const input = variables.definition as DefinitionInput;
      const refuse = (userErrors: UserError[]) => ({
        data: { metafieldDefinitionCreate: { createdDefinition: null, userErrors } },
      });
      if (this.definition(shop, input.ownerType, input.namespace ?? "", input.key))
        return refuse([
          {
            field: ["definition", "key"],
            message:
              "Key is in use for Order metafields on the '" + input.namespace + "' namespace.",
            code: "TAKEN",
          },
        ]);
      if (input.pin && this.pinnedFull.has(shop))
        return refuse([
          {
            field: ["definition"],
            message: "Limit of 20 pinned definitions has been exceeded.",
            code: "PINNED_LIMIT_REACHED",
          },
        ]);
      const invalid = validationErrors(input);
      if (invalid) return refuse([invalid]);
      this.definitionWrites.push(`${shop} create ${input.namespace}.${input.key}`);
      const made = this.define(shop, {
        ownerType: input.ownerType,
        namespace: input.namespace ?? "",
        key: input.key,
        type: input.type!,
        name: input.name!,
        description: input.description,
        pinned: Boolean(input.pin),
        validations: input.validations ?? [],
      });
      return {
        data: { metafieldDefinitionCreate: { createdDefinition: { id: made.id }, userErrors: [] } },
      };
    }
    if (query === METAFIELD_DEFINITION_UPDATE) {
      const input = variables.definition as DefinitionInput;
      const found = this.definition(shop, input.ownerType, input.namespace ?? "", input.key);
      const refuse = (userErrors: UserError[]) => ({
        data: { metafieldDefinitionUpdate: { updatedDefinition: null, userErrors } },
      });
      if (!found)
        return refuse([
          { field: ["definition"], message: "Definition not found.", code: "NOT_FOUND" },
        ]);
      const invalid = validationErrors({ ...input, type: found.type });
      if (invalid) return refuse([invalid]);
      this.definitionWrites.push(`${shop} update ${input.namespace}.${input.key}`);
      Object.assign(found, {
        name: input.name ?? found.name,
        description: input.description ?? found.description,
        validations: input.validations ?? found.validations,
      });
      return {
        data: {
          metafieldDefinitionUpdate: { updatedDefinition: { id: found.id }, userErrors: [] },
        },
      };
    }
    if (query === METAFIELDS_SET) {
      const inputs = variables.metafields as {
        ownerId: string;
        namespace?: string;
        key: string;
        type?: string;
        value: string;
      }[];
      if (inputs.length > 25) throw new Error("metafieldsSet takes 25 metafields at most");
      // Atomic: nothing is set when one is refused.
      const userErrors = inputs.flatMap((m, i) => {
        const why = valueError(this.definition(shop, "ORDER", m.namespace ?? "", m.key), m);
        return why ? [{ field: ["metafields", String(i), "value"], message: why }] : [];
      });
      if (userErrors.length > 0)
        return { data: { metafieldsSet: { metafields: null, userErrors } } };
      for (const m of inputs)
        this.values.set(`${shop} ${m.ownerId} ${m.namespace ?? ""}.${m.key}`, {
          type: m.type ?? "",
          value: m.value,
        });
      return {
        data: {
          metafieldsSet: {
            metafields: inputs.map((_, i) => ({ id: `gid://shopify/Metafield/${i + 1}` })),
            userErrors: [],
          },
        },
      };
    }
    return undefined;
  }
}

/** A choices validation must be a JSON list of strings, on a text type. */
function validationErrors(input: DefinitionInput): UserError | null {
  for (const v of input.validations ?? []) {
    if (v.name !== "choices") continue;
    let choices: unknown;
    try {
      choices = JSON.parse(v.value);
    } catch {
      choices = null;
    }
    if (!Array.isArray(choices) || choices.some((c) => typeof c !== "string"))
      return {
        field: ["definition", "validations"],
        message: "Validations choices must be a list of strings.",
        code: "INVALID_OPTION",
      };
    if (input.type !== "single_line_text_field" && input.type !== "list.single_line_text_field")
      return {
        field: ["definition", "validations"],
        message: `Validations choices is not allowed for type ${input.type}.`,
        code: "INVALID_OPTION",
      };
  }
  return null;
}

/** Why Shopify refuses a value under its definition (none: any value of its own type). */
function valueError(
  definition: FakeDefinition | undefined,
  m: { type?: string; value: string },
): string | null {
  const type = m.type ?? definition?.type;
  if (!type) return "Type can't be blank.";
  if (definition && definition.type !== type)
    return `Type must be ${definition.type} (the definition's type).`;
  if (type === "json") {
    try {
      JSON.parse(m.value);
    } catch {
      return "Value is invalid JSON.";
    }
  }
  if (type === "single_line_text_field" && /[\r\n]/.test(m.value))
    return "Value must be a single line of text.";
  const choices = definition?.validations.find((v) => v.name === "choices");
  if (choices && !(JSON.parse(choices.value) as string[]).includes(m.value))
    return `Value does not exist in provided choices: ${choices.value}.`;
  return null;
}
