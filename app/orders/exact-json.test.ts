import { describe, expect, it } from "vitest";
import { idOfGid, parseExactJson, restoreIds } from "./exact-json";

describe("exact ids", () => {
  it("keeps integers above 2^53 as their text, and everything else as JSON.parse does", () => {
    const parsed = parseExactJson(
      '{"id":820982911946154508,"n":12,"price":"1.5","f":1.25,"big":[487817672276298554]}',
    ) as Record<string, unknown>;
    expect(parsed).toEqual({
      id: "820982911946154508",
      n: 12,
      price: "1.5",
      f: 1.25,
      big: ["487817672276298554"],
    });
    expect((JSON.parse('{"id":820982911946154508}') as { id: number }).id).not.toBe(
      820982911946154508n.toString(),
    );
  });

  it("restores ids from admin_graphql_api_id (samples stored after JSON parsing)", () => {
    const restored = restoreIds({
      id: 820982911946154500,
      admin_graphql_api_id: "gid://shopify/Order/820982911946154508",
      line_items: [
        {
          id: 487817672276298560,
          admin_graphql_api_id: "gid://shopify/LineItem/487817672276298554",
        },
        { id: 7 },
      ],
    });
    expect(restored).toEqual({
      id: "820982911946154508",
      admin_graphql_api_id: "gid://shopify/Order/820982911946154508",
      line_items: [
        {
          id: "487817672276298554",
          admin_graphql_api_id: "gid://shopify/LineItem/487817672276298554",
        },
        { id: 7 },
      ],
    });
    expect(idOfGid("gid://shopify/Order/1?x=1")).toBe("1");
    expect(idOfGid("Order/1")).toBeNull();
  });
});
