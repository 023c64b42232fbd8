import type { TFunction } from "i18next";
import type { LoginError } from "@shopify/shopify-app-remix/server";
import { LoginErrorType } from "@shopify/shopify-app-remix/server";

export function loginErrorMessage(
  loginErrors: LoginError | Response | undefined,
  t: TFunction,
): {
  shop?: string;
} {
  if (!loginErrors || loginErrors instanceof Response) return {};
  if (loginErrors.shop === LoginErrorType.MissingShop) return { shop: t("login.missingShop") };
  if (loginErrors.shop === LoginErrorType.InvalidShop) return { shop: t("login.invalidShop") };
  return {};
}
