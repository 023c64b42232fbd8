import type { LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { languageOf } from "./i18n/i18n.server";

export const loader = async ({ request }: LoaderFunctionArgs) => ({
  language: await languageOf(request),
});

export default function App() {
  const { language } = useLoaderData<typeof loader>();
  // When the page could first answer a press: React has hydrated it (its effects run last, after
  // every page component's). A User Timing mark, read by bench/admin-ui.ts.
  useEffect(() => {
    if (performance.getEntriesByName("hydrated").length === 0) performance.mark("hydrated");
  }, []);
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
