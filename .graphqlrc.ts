/**
 * GraphQL config: the Admin API operations of app/admin-api/operations/ typed from Shopify's Admin
 * schema by @shopify/api-codegen-preset (`npm run graphql-codegen`; `npm run check` fails when the
 * committed types are not current). The schema is the committed one
 * (app/admin-api/schema/admin_2026-10.json.gz, see scripts/admin-schema.ts), read through
 * app/admin-api/schema.ts: nothing is fetched from shopify.dev, unlike the preset's default.
 * Editors' GraphQL extensions read this file too, for completion in `#graphql` documents.
 */
import { ApiType, pluckConfig, preset } from "@shopify/api-codegen-preset";

const schema = "app/admin-api/schema.ts";
const documents = ["app/admin-api/operations/*.ts"];
const outputDir = "app/admin-api/types";

export default {
  schema,
  documents,
  projects: {
    default: {
      schema,
      documents,
      extensions: {
        codegen: {
          pluckConfig,
          generates: {
            // The whole schema's types: the operations' types pick their fields from them.
            [`${outputDir}/admin.types.d.ts`]: {
              plugins: ["typescript"],
              config: {
                enumsAsConst: true,
                disableDescriptions: true,
                defaultScalarType: "string",
                scalars: { JSON: "unknown" },
              },
            },
            [`${outputDir}/admin.generated.d.ts`]: {
              preset,
              presetConfig: { apiType: ApiType.Admin },
            },
          },
        },
      },
    },
  },
};
