import type { ShipmentReturnFragment } from "../admin-api/types/admin.generated";
import type { ReturnProcessReturnLineItemInput } from "../admin-api/types/admin.types";

/**
 * A parcel that came back to the shop, in Shopify's terms: which of the order's returns is the
 * shipment's (so a step is never done twice), what of its fulfillment can still be returned, and
 * how the return is processed with the goods back in stock. Pure: the worker
 * (worker/processors/process-return.ts) asks Shopify and acts.
 */
export type ShopifyReturn = ShipmentReturnFragment;

/** The fulfillment line item a return line names (an unverified line names none). */
const lineOf = (line: ShopifyReturn["returnLineItems"]["nodes"][number]): string | null =>
  "fulfillmentLineItem" in line ? line.fulfillmentLineItem.id : null;

/**
 * The shipment's return among the order's: the one it recorded (`knownId`), else an open or closed
 * one whose every line is of the shipment's fulfillment (made by an earlier run that could not
 * record it, or by the merchant for this parcel).
 */
export function ownReturn(
  returns: readonly ShopifyReturn[],
  fulfillmentLines: ReadonlySet<string>,
  knownId: string | null,
): ShopifyReturn | null {
  if (knownId) return returns.find((r) => r.id === knownId) ?? null;
  return (
    returns.find(
      (r) =>
        (r.status === "OPEN" || r.status === "CLOSED") &&
        r.returnLineItems.nodes.length > 0 &&
        r.returnLineItems.nodes.every((l) => {
          const id = lineOf(l);
          return id !== null && fulfillmentLines.has(id);
        }),
    ) ?? null
  );
}

/**
 * Whether the return has nothing left to process: Shopify may keep a processed return OPEN until
 * `returnClose`, so its status alone does not say it.
 */
export const fullyProcessed = (ret: ShopifyReturn): boolean =>
  ret.returnLineItems.nodes.every((l) => l.processableQuantity <= 0);

/** What of the fulfillment can still be returned, line by line (nothing: returned already). */
export function returnableLines(
  returnable: readonly {
    fulfillment: { id: string };
    returnableFulfillmentLineItems: {
      nodes: readonly { quantity: number; fulfillmentLineItem: { id: string } }[];
    };
  }[],
  fulfillmentId: string,
): { fulfillmentLineItemId: string; quantity: number }[] {
  const node = returnable.find((r) => r.fulfillment.id === fulfillmentId);
  return (node?.returnableFulfillmentLineItems.nodes ?? [])
    .filter((l) => l.quantity > 0)
    .map((l) => ({ fulfillmentLineItemId: l.fulfillmentLineItem.id, quantity: l.quantity }));
}

/**
 * The return's lines processed with their goods restocked at `locationId`: each line still to
 * process, by its reverse fulfillment order line (matched on the fulfillment line item). Lines
 * without a reverse line cannot be restocked by the app and are left out.
 */
export function restockLines(
  ret: ShopifyReturn,
  locationId: string,
): ReturnProcessReturnLineItemInput[] {
  const reverse = new Map<string, string>();
  for (const rfo of ret.reverseFulfillmentOrders.nodes)
    for (const line of rfo.lineItems.nodes)
      if (line.fulfillmentLineItem) reverse.set(line.fulfillmentLineItem.id, line.id);
  return ret.returnLineItems.nodes.flatMap((line) => {
    const fli = lineOf(line);
    const reverseLine = fli ? reverse.get(fli) : undefined;
    if (!reverseLine || line.processableQuantity <= 0) return [];
    return [
      {
        id: line.id,
        quantity: line.processableQuantity,
        dispositions: [
          {
            reverseFulfillmentOrderLineItemId: reverseLine,
            quantity: line.processableQuantity,
            dispositionType: "RESTOCKED" as const,
            locationId,
          },
        ],
      },
    ];
  });
}

/** Payment statuses of an order with nothing paid: a COD order whose parcel came back owes nothing. */
const UNPAID = new Set(["PENDING", "AUTHORIZED", "EXPIRED", "VOIDED"]);

export const isUnpaid = (displayFinancialStatus: string | null | undefined): boolean =>
  UNPAID.has(displayFinancialStatus ?? "");
