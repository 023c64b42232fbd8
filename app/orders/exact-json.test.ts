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

  it("is exact at the edge of 2^53 and wherever a long digit run sits", () => {
    // 2^53 + 1 (16 digits) is not a double; 15 digits always are.
    expect(parseExactJson('{"id":9007199254740993,"n":999999999999999}')).toEqual({
      id: "9007199254740993",
      n: 999999999999999,
    });
    // A long run inside a string sends the parse the exact way, which changes nothing there.
    expect(parseExactJson('{"token":"x1234567890123456","id":5123456789012}')).toEqual({
      token: "x1234567890123456",
      id: 5123456789012,
    });
    expect(parseExactJson('[{"a":-1.5e3},null,true,"7"]')).toEqual([{ a: -1500 }, null, true, "7"]);
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
