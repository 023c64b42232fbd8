import type { ActionFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { sessionTable } from "../db/schema";
import { handleInlineWebhook } from "../webhooks/handle.server";

const payloadSchema = z.object({ current: z.array(z.string()) });

/** app/scopes_update (shopify.app.toml): keeps the stored sessions' scope in step with the grant. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleInlineWebhook(request, "app/scopes_update", {
    record: ({ payload }) => ({ payload }),
    apply: async (tx, { shop, payload }) => {
      const { current } = payloadSchema.parse(payload);
      await tx
        .update(sessionTable)
        .set({ scope: current.join(",") })
        .where(eq(sessionTable.shop, shop));
    },
  });
