import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { codBuyerMarks } from "../db/schema";
import type { BuyerMark } from "./hold";
import { keptMarks, markThatCounts, MARKS_READ, type MarkMatch } from "./mark-match";
import { buyerEmail, type MarkedKeys } from "./history.server";

/**
 * The merchant's word on a COD buyer: trusted (never held for risk) or always held. A buyer is
 * known by the keys of the shipment the merchant marked them from (normalised phone, lower-cased
 * e-mail, Shopify customer id); the assessment finds marks by any one of them
 * (./history.server.ts, in its one statement) and ./mark-match.ts decides which counts. Marking again replaces every mark that shares a
 * key; null removes them.
 */
export async function setBuyerMark(
  db: Db,
  shop: string,
  keys: MarkedKeys,
  mark: BuyerMark | null,
): Promise<void> {
  const matches = keyMatches(oneBuyer(keys));
  if (matches.length === 0) throw new Error("a buyer mark needs a phone, an e-mail or a customer");
  await db.transaction(async (tx) => {
    await tx.delete(codBuyerMarks).where(and(eq(codBuyerMarks.shop, shop), or(...matches)));
    if (mark)
      await tx.insert(codBuyerMarks).values({
        shop,
        phone: keys.phone,
        email: buyerEmail(keys.email),
        customerId: keys.customerId,
        mark,
      });
  });
}

/**
 * customers/redact: the marks of that customer (by customer id, and by the phones and e-mails
 * their shipments carried) are removed with the rest of their data.
 */
export async function removeBuyerMarks(
  db: Pick<Db, "delete">,
  shop: string,
  buyer: { customerId: string | null; phones: (string | null)[]; emails: (string | null)[] },
): Promise<void> {
  const matches = keyMatches({
    phones: buyer.phones,
    emails: buyer.emails,
    customerIds: [buyer.customerId],
  });
  if (matches.length === 0) return;
  await db.delete(codBuyerMarks).where(and(eq(codBuyerMarks.shop, shop), or(...matches)));
}

interface KeyLists {
  phones: (string | null)[];
  emails: (string | null)[];
  customerIds: (string | null)[];
}

const oneBuyer = (keys: MarkedKeys): KeyLists => ({
  phones: [keys.phone],
  emails: [keys.email],
  customerIds: [keys.customerId],
});

/** A mark matching any of the keys (e-mails compared lower-cased, as marks keep them). */
function keyMatches(keys: KeyLists): SQL[] {
  const present = (values: (string | null)[]) => [
    ...new Set(values.filter((v): v is string => !!v)),
  ];
  const matches: SQL[] = [];
  const phones = present(keys.phones);
  const emails = present(keys.emails.map(buyerEmail));
  const customers = present(keys.customerIds);
  if (phones.length) matches.push(inArray(codBuyerMarks.phone, phones));
  if (emails.length) matches.push(inArray(codBuyerMarks.email, emails));
  if (customers.length) matches.push(inArray(codBuyerMarks.customerId, customers));
  return matches;
}

/**
 * The mark that counts for the buyer of a shipment (./mark-match.ts: "held" on any key, "trusted"
 * only on the customer id or on every key), with the keys it matched; null when none counts.
 */
export async function buyerMarkOf(
  db: Db,
  shop: string,
  keys: MarkedKeys,
): Promise<MarkMatch | null> {
  const matches = keyMatches(oneBuyer(keys));
  if (matches.length === 0) return null;
  const found = await db
    .select({
      mark: codBuyerMarks.mark,
      phone: codBuyerMarks.phone,
      email: codBuyerMarks.email,
      customerId: codBuyerMarks.customerId,
    })
    .from(codBuyerMarks)
    .where(and(eq(codBuyerMarks.shop, shop), or(...matches)))
    .orderBy(sql`${codBuyerMarks.createdAt} DESC`)
    .limit(MARKS_READ);
  return markThatCounts(
    { phone: keys.phone, email: buyerEmail(keys.email), customerId: keys.customerId },
    keptMarks(found),
  );
}
