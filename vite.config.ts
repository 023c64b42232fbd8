import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type UserConfig } from "vite";

// The Shopify CLI passes the tunnel URL as SHOPIFY_APP_URL; HMR must go through it.
const host = new URL(process.env.SHOPIFY_APP_URL || "http://localhost").hostname;
const hmr =
  host === "localhost"
    ? { protocol: "ws", host: "localhost", port: 64999, clientPort: 64999 }
    : { protocol: "wss", host, port: Number(process.env.FRONTEND_PORT) || 8002, clientPort: 443 };

export default defineConfig(
  ({ isSsrBuild }) =>
    ({
      server: {
        allowedHosts: [host],
        cors: { preflightContinue: true },
        port: Number(process.env.PORT || 3000),
        hmr,
        fs: { allow: ["app", "node_modules"] },
      },
      plugins: [
        remix({
          ignoredRouteFiles: ["**/.*", "**/*.test.*"],
          // BUILD_DIR lets the build test write elsewhere than the deployable build/.
          buildDirectory: process.env.BUILD_DIR || "build",
          future: {
            v3_fetcherPersist: true,
            v3_relativeSplatPath: true,
            v3_throwAbortReason: true,
            v3_lazyRouteDiscovery: true,
            v3_singleFetch: false,
            v3_routeConfig: false,
          },
        }),
      ],
      // The server bundle uses top-level await (the database opens before the first request).
      build: { assetsInlineLimit: 0, target: isSsrBuild ? "node22" : "es2022" },
      optimizeDeps: { include: ["@shopify/app-bridge-react", "@shopify/polaris"] },
      // drizzle-orm compiled into the server bundle: loaded from node_modules as ES modules, its
      // 300-odd files cost the web process about 90 MB of memory (scripts/build-node.ts bundles it
      // into the compiled server and worker for the same reason).
      ssr: { noExternal: ["drizzle-orm"] },
    }) satisfies UserConfig,
);
