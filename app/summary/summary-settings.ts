import { z } from "zod";
import { LANGUAGES } from "../i18n/languages";

/** Addresses a shop's daily summary goes to, at most. */
export const SUMMARY_ADDRESSES_MAX = 5;

/**
 * The daily summary by e-mail (app/summary/): the shop's addresses the merchant chose (none: no
 * summary) and the hour of the shop's day it is sent at (7: seven in the morning, shop's zone).
 * An address that unsubscribed through the message's link is taken out of `emails`. `language`:
 * the one the merchant read the admin in when choosing them, which the summary is written in.
 */
export const dailySummarySchema = z.object({
  emails: z.array(z.email()).max(SUMMARY_ADDRESSES_MAX).default([]),
  hour: z.number().int().min(0).max(23).default(7),
  language: z.enum(LANGUAGES).default("id"),
});
export type DailySummarySettings = z.infer<typeof dailySummarySchema>;
