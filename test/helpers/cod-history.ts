/**
 * An earlier COD parcel of a shop's that came back unpaid, as the worker leaves one (returned,
 * its cash never collected): the buyer's `n`-th, by their phone, to Surabaya 60271, placed about
 * forty days ago. Its order id is `base + n`, so each test file keeps its own.
 */
export const cameBackUnpaid = (shop: string, n: number, phone: string, base = 4_400_000) => ({
  shop,
  orderId: String(base + n),
  referenceId: `back-${shop}-${n}`,
  status: "returned",
  orderCreatedAt: new Date(Date.now() - (40 - n) * 86_400_000),
  destinationPhone: phone,
  destinationCity: "Surabaya",
  destinationPostalCode: "60271",
  contents: { items: [], ordered: [], cod: 235_000, insurance: null },
  returnedAt: new Date(Date.now() - (30 - n) * 86_400_000),
});
