import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md maps the code: its feature map names each feature's files by layer, its
 * layout every folder and most files. A file of app/, worker/ or sandbox/ (tests aside) must be
 * named there: by its path or its name (with or without `.ts`, `.server.ts`), or by the folder it
 * sits in. A file added without a word in the map fails here.
 */
const doc = fs.readFileSync("docs/architecture.md", "utf8");
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const named = (word: string) => new RegExp(`(?<![\\w-])${escape(word)}(?![\\w-])`).test(doc);

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : filesUnder(full);
    return /\.test\.tsx?$/.test(entry.name) ? [] : [full.split(path.sep).join("/")];
  });
}

function isNamed(file: string): boolean {
  const base = path.posix.basename(file);
  const stem = base.replace(/(\.server)?\.(tsx?|json|css|md|graphql|js)$/, "");
  const parent = path.posix.dirname(file);
  const folder = path.posix.basename(parent);
  return (
    doc.includes(file) ||
    doc.includes(base) ||
    named(stem) ||
    doc.includes(`${parent}/`) ||
    new RegExp(`[\\s\`(,]${escape(folder)}/`).test(doc)
  );
}

describe("docs/architecture.md", () => {
  it("names every file of app/, worker/ and sandbox/, or the folder it sits in", () => {
    const files = ["app", "worker", "sandbox"].flatMap(filesUnder);
    expect(files.length).toBeGreaterThan(300);
    expect(files.filter((file) => !isNamed(file))).toEqual([]);
  });
});

/**
 * The code names what a person reads with the glossary's words (docs/glossary.md, "The code's own
 * words"): modules that write it are `*-words`, stored messages are `said`. The names it replaced
 * (wording, view, speech for text, text for a writer of words) stay out of file names.
 */
describe("the code's own words", () => {
  const retired = /(^|[-.])(wording|view|views)([-.]|$)|-text\.tsx?$/;
  /** Text as a raw string, by design (a length bound), is not a writer of words. */
  const rawText = new Set(["app/labels/bounded-text.ts"]);

  it("no file of app/, worker/ or sandbox/ is named with a retired word for what a person reads", () => {
    const files = ["app", "worker", "sandbox"].flatMap(filesUnder);
    const misnamed = files.filter(
      (file) => !rawText.has(file) && retired.test(path.posix.basename(file)),
    );
    expect(misnamed).toEqual([]);
  });

  it("the glossary defines each word the code uses", () => {
    const glossary = fs.readFileSync("docs/glossary.md", "utf8");
    for (const word of ["Words", "Said", "Speech", "Text"])
      expect(glossary).toMatch(new RegExp(`^\\| ${word} +\\|`, "m"));
  });
});
