import { adminSchema } from "#app/admin-api/admin-schema.ts";

/**
 * Shopify's own example of a carrier service rate request and of its answer: the two JSON blocks
 * of the DeliveryCarrierService documentation, as the 2026-10 schema (test/fixtures/shopify)
 * carries it in the type's description. Read from there, not retyped.
 */
export function documentedRateExamples(): {
  request: { rate: Record<string, unknown> };
  response: { rates: Record<string, unknown>[] };
  description: string;
} {
  const description = adminSchema().getType("DeliveryCarrierService")?.description ?? "";
  const blocks = [...description.matchAll(/```json\n([\s\S]*?)```/g)].map(
    (m) => JSON.parse(m[1]!) as unknown,
  );
  const request = blocks.find(
    (b): b is { rate: Record<string, unknown> } =>
      typeof b === "object" && b !== null && "rate" in b,
  );
  const response = blocks.find(
    (b): b is { rates: Record<string, unknown>[] } =>
      typeof b === "object" && b !== null && "rates" in b,
  );
  if (!request || !response)
    throw new Error(
      "The schema's DeliveryCarrierService description has no request and response examples",
    );
  return { request, response, description };
}
