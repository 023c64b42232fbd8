import { escapeHtml } from "./escape-html";

/**
 * The app's own pages outside the Shopify admin, for people without a session (the buyer's page,
 * the daily summary's unsubscribe page): one whole document, its style inline, answered as
 * text/html, never cached, indexed or framed, running no script.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f4f4}
main{max-width:32rem;margin:0 auto;padding:1rem;background:#fff;min-height:100vh}
h1{font-size:1.35rem;margin:.25rem 0 .75rem}
h2{font-size:1.05rem;margin:1.25rem 0 .5rem}
ul{padding-left:1.25rem;margin:.25rem 0}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
label.choice{font-weight:400;margin:.5rem 0;padding:.5rem;border:1px solid #c9c9c9;border-radius:.5rem}
input:not([type=radio]){width:100%;font:inherit;padding:.65rem .75rem;border:1px solid #8a8a8a;border-radius:.5rem}
fieldset{border:0;padding:0;margin:.75rem 0}
legend{font-weight:600}
button{display:block;width:100%;font:inherit;font-weight:600;margin:.75rem 0;padding:.8rem 1rem;border-radius:.6rem;border:1px solid #303030;background:#fff;color:#1a1a1a;min-height:48px}
button.primary{background:#1a6b3a;border-color:#1a6b3a;color:#fff}
button.danger{background:#b3261e;border-color:#b3261e;color:#fff}
.pair{display:flex;gap:.75rem}.pair span{flex:1}
.cod{font-size:1.1rem;padding:.75rem;background:#fff4d6;border-radius:.5rem}
.note{padding:.75rem;border-radius:.5rem;background:#eef3ff}
.note.error{background:#fde8e7;color:#8c1d18}
.note.done{background:#e6f4ea;color:#14532d}
small{color:#4a4a4a}
a{color:#0b57d0}
footer{margin-top:2rem;color:#4a4a4a;font-size:.875rem}
`;

/**
 * A page of the app's own outside the admin (the buyer's page, the summary's unsubscribe page) as
 * a whole document with one small style: never cached, indexed or framed, no script.
 */
export function documentResponse(
  body: string,
  title: string,
  language: string,
  status = 200,
): Response {
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex, nofollow",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    },
  });
}
