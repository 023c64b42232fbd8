import { describe, expect, it } from "vitest";
import { cleanJsonText } from "./clean-json";

describe("cleanJsonText", () => {
  it("replaces NUL and unpaired surrogate escapes with U+FFFD, keeps pairs and escaped backslashes", () => {
    expect(JSON.parse(cleanJsonText(String.raw`{"note":"a\u0000b"}`))).toEqual({
      note: "a\ufffdb",
    });
    expect(JSON.parse(cleanJsonText(String.raw`{"n":"x\ud800y","m":"\udc00"}`))).toEqual({
      n: "x\ufffdy",
      m: "\ufffd",
    });
    expect(JSON.parse(cleanJsonText(String.raw`{"emoji":"\ud83d\ude00"}`))).toEqual({
      emoji: "😀",
    });
    // Six literal characters \u0000 (an escaped backslash, then u0000): not a NUL, left alone.
    expect(JSON.parse(cleanJsonText(String.raw`{"path":"C:\\u0000"}`))).toEqual({
      path: String.raw`C:\u0000`,
    });
    expect(JSON.parse(cleanJsonText(String.raw`{"p":"\\\u0000"}`))).toEqual({ p: "\\\ufffd" });
    const plain = `{"name":"#1001","note":"Kirim pagi"}`;
    expect(cleanJsonText(plain)).toBe(plain);
  });
});
