/**
 * The Admin API version the app speaks, in one place: Shopify's library is configured with it
 * (app/shopify.server.ts) and the gateway's own requests name it in their URL
 * (app/admin-api/gateway.server.ts), without loading the library. The generated types and the
 * fake Admin API follow the same version's schema (2026-10).
 */
export const ADMIN_API_VERSION = "2026-10";
