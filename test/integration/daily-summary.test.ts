import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import type { Job } from "bullmq";
import { eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { shipments, shops } from "#app/db/schema.ts";
import { importStatement } from "#app/cod/statements/import.server.ts";
import { getShopSettings, updateShopSettings } from "#app/shops/shops.server.ts";
import { smtpMailer, type Mailer } from "#app/summary/mailer.server.ts";
import * as unsubscribeRoute from "#app/routes/email.unsubscribe.tsx";
import { dailySummaries } from "#worker/processors/daily-summaries.ts";
import { processSendSummary } from "#worker/processors/send-summary.ts";
import { testStack } from "../helpers/stack.ts";
import {
  STATEMENT_MAPPING,
  statementCsv,
  statementRows,
  statementShop,
} from "../helpers/cod-statements.ts";

/**
 * The daily summary, read from a real SMTP server (smtp-server, on a local port) as the worker
 * sent it through nodemailer: due at the shop's chosen hour in its own zone (Makassar, WITA),
 * once a day, in Indonesian, nothing when there is nothing to say, and its unsubscribe link
 * honoured.
 */
testStack();

const received: ParsedMail[] = [];
let server: SMTPServer;
let mailer: Mailer;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  mailer = smtpMailer(`smtp://127.0.0.1:${port}`, "ParcelBridge <ringkasan@parcelbridge.test>");
});

afterAll(async () => {
  mailer.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const HOUR = 3600 * 1000;
const job = {} as Job;

/** The next moment it is `hour`:30 in Makassar (UTC+8, no summer time), from now. */
function makassarAt(hour: number): Date {
  const now = Date.now();
  const local = new Date(now + 8 * HOUR);
  const at =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour, 30) - 8 * HOUR;
  return new Date(at > now ? at : at + 24 * HOUR);
}

async function shopToSummarise() {
  const p = await statementShop("summary");
  await db.update(shops).set({ ianaTimezone: "Asia/Makassar" }).where(eq(shops.shop, p.shop));
  await importStatement(db, p.shop, {
    fileName: "nov.csv",
    bytes: statementCsv(statementRows(p)),
    receivedOn: "2026-11-27",
    receivedAmount: null,
    columns: STATEMENT_MAPPING,
    today: "2099-01-01",
  });
  // A COD order held for its risk three days ago, and a parcel stuck with the courier.
  const heldAt = new Date(Date.now() - 3 * 24 * HOUR).toISOString();
  await db.insert(shipments).values([
    {
      shop: p.shop,
      orderId: "990001",
      orderName: "#2001",
      referenceId: `held-${p.shop}`,
      status: "draft",
      contents: { items: [], ordered: [], cod: 300_000, insurance: null },
      problem: "COD order held",
      problemKinds: ["cod_risk"],
      codRisk: {
        score: 80,
        level: "high",
        reasons: [],
        at: heldAt,
        held: { at: heldAt, reason: "level", shipping: 18_000, cod: 300_000, currency: "IDR" },
      },
    },
    {
      shop: p.shop,
      orderId: "990002",
      orderName: "#2002",
      referenceId: `stuck-${p.shop}`,
      status: "picked",
      contents: { items: [], ordered: [], cod: null, insurance: null },
      problem: "No courier scan for 5 days",
      problemKinds: ["stuck"],
    },
  ]);
  await updateShopSettings(db, p.shop, {
    dailySummary: {
      emails: ["pemilik@tokobatik.id", "admin@tokobatik.id"],
      hour: 7,
      language: "id",
    },
  });
  return p;
}

describe("the daily summary by e-mail", () => {
  it("is sent once in the shop's morning, in Indonesian, to each address with its own unsubscribe link", async () => {
    const p = await shopToSummarise();
    const queued: { shop: string; day: string }[] = [];
    const enqueue = {
      sendSummary: async (shop: string, day: string) => {
        queued.push({ shop, day });
        return {} as never;
      },
    };
    // 06:30 in Makassar: not yet.
    expect(await dailySummaries(job, { db, mailer, enqueue }, makassarAt(6), p.shop)).toEqual({
      due: 0,
      queued: 0,
    });
    const morning = makassarAt(7);
    expect(await dailySummaries(job, { db, mailer, enqueue }, morning, p.shop)).toEqual({
      due: 1,
      queued: 1,
    });
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Makassar" }).format(morning);
    expect(queued).toEqual([{ shop: p.shop, day }]);

    const before = received.length;
    const payload = { data: { shop: p.shop, day } } as Job;
    expect(await processSendSummary(payload, { db, mailer }, morning)).toBe("sent");
    const mails = received.slice(before);
    expect(mails.map((m) => (m.to as { text: string }).text).sort()).toEqual([
      "admin@tokobatik.id",
      "pemilik@tokobatik.id",
    ]);
    const mail = mails.find((m) => (m.to as { text: string }).text === "pemilik@tokobatik.id")!;
    const shopName = p.shop.replace(/\.myshopify\.com$/, "");
    expect(mail.subject).toMatch(
      new RegExp(`^${shopName}: 5 hal perlu perhatian \\(\\d{1,2} \\w{3} \\d{4}\\)$`),
    );
    expect(mail.text).toContain("- 1 paket tertahan di kurir tanpa kabar.");
    expect(mail.text).toContain(
      "- 1 pesanan COD ditahan lebih dari sehari, menunggu keputusan Anda.",
    );
    expect(mail.text).toContain("- 1 paket COD terlambat cair: Rp99.000 belum masuk.");
    expect(mail.text).toContain(
      "- 2 baris laporan pencairan dibayar kurang: Rp11.100 belum diajukan.",
    );
    expect(mail.html).toContain("<li>1 paket tertahan di kurir tanpa kabar.</li>");
    const link = /Berhenti menerima ringkasan ini: (\S+)/.exec(mail.text!)![1]!;
    // The mail client's own unsubscribe button (RFC 8058), as the message arrived.
    const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line ?? "";
    expect(header("list-unsubscribe").replace(/\s+/g, "")).toBe(`List-Unsubscribe:<${link}>`);
    expect(header("list-unsubscribe-post")).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );

    // Once a day: the sweep finds it sent, and a second run of the job sends nothing.
    expect(
      await dailySummaries(
        job,
        { db, mailer, enqueue },
        new Date(morning.getTime() + HOUR),
        p.shop,
      ),
    ).toEqual({ due: 0, queued: 0 });
    expect(await processSendSummary(payload, { db, mailer }, morning)).toBe("already");
    expect(received.length).toBe(before + 2);

    // The link asks first (a mail scanner opening it changes nothing), then stops that address only.
    const asked = (await unsubscribeRoute.loader({
      request: new Request(link),
      params: {},
      context: {},
    })) as Response;
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain(
      `Berhenti mengirim ringkasan harian ${shopName} ke pemilik@tokobatik.id?`,
    );
    expect((await getShopSettings(db, p.shop)).dailySummary.emails).toHaveLength(2);
    const done = (await unsubscribeRoute.action({
      request: new Request(link, {
        method: "POST",
        body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
      }),
      params: {},
      context: {},
    })) as Response;
    expect(await done.text()).toContain(
      "pemilik@tokobatik.id tidak akan menerima ringkasan harian",
    );
    expect((await getShopSettings(db, p.shop)).dailySummary.emails).toEqual(["admin@tokobatik.id"]);
    const forged = (await unsubscribeRoute.loader({
      request: new Request(link.replace(/.$/, (c) => (c === "A" ? "B" : "A"))),
      params: {},
      context: {},
    })) as Response;
    expect(forged.status).toBe(400);
  });

  it("sends nothing when there is nothing to say", async () => {
    const p = await statementShop("quiet");
    await db.delete(shipments).where(eq(shipments.shop, p.shop));
    await updateShopSettings(db, p.shop, {
      dailySummary: { emails: ["pemilik@tokosepi.id"], hour: 7, language: "id" },
    });
    const before = received.length;
    const day = "2026-12-01";
    expect(await processSendSummary({ data: { shop: p.shop, day } } as Job, { db, mailer })).toBe(
      "nothing",
    );
    expect(received.length).toBe(before);
  });
});
