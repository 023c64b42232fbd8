import type { TFunction } from "i18next";
import { i18nIn } from "./instance";

/**
 * The English texts' `t`, for what the app writes in English whatever the reader's language: the
 * text columns kept beside a stored message's kind (logs, search, older readers), error messages.
 */
export const englishT: TFunction = i18nIn("en").t;
