import type { ESLint } from "eslint";

/** The folders below app/'s features (eslint/house.js). */
export declare const FOUNDATION: string[];
/** app/'s feature folders as the tree has them today ("app/<name>/"). */
export declare function featureFolders(appDir?: string): string[];
/** The house plugin: `house/import-style` and `house/layers`. */
export declare const house: ESLint.Plugin;
