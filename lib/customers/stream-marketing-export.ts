import "server-only";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { customerColumns, FROM, LISTED } from "@/lib/customers/list-customers-json";
import { csvLine, MARKETING_EXPORT_COLUMNS, marketingExportFileName, marketingExportRow, type ExportableCustomer } from "@/lib/rules/customer-export";

// GET /api/customers/marketing-export (issue 23): the marketing list (spec 1 sections 3, 5, 7) as
// a CSV streamed from the database, a batch of consenting customers at a time (keyset paging on
// createdAt, id, newest first, as the hub lists them), so a business of 100,000 customers never has
// its list in memory, on the server or in the browser. The file is the one lib/rules/customer-export
// builds: a UTF-8 byte-order mark (Excel reads accented names), header, one CRLF line per customer.

export const EXPORT_BATCH = 2000;

type Row = ExportableCustomer & { id: number; cursorMs: string };

const CONSENTING = `(c."marketingConsentEmail" OR c."marketingConsentSms")`;
const batchSql = (after: boolean) => `
SELECT ${customerColumns("c", "lc")}, (extract(epoch FROM c."createdAt") * 1000)::bigint::text AS "cursorMs"
FROM ${FROM}
WHERE ${LISTED} AND ${CONSENTING}${after ? ` AND (c."createdAt", c.id) < (timestamp 'epoch' + $3::bigint * interval '1 millisecond', $4::int)` : ""}
ORDER BY c."createdAt" DESC, c.id DESC
LIMIT $2::int`;
const FIRST = batchSql(false);
const NEXT = batchSql(true);

/** The business's consenting customers, newest first, `batch` at a time. */
export async function* marketingExportBatches(businessId: number, batch = EXPORT_BATCH): AsyncGenerator<Row[]> {
  let cursor: { ms: string; id: number } | null = null;
  for (;;) {
    const rows: Row[] = cursor ? await db.$queryRawUnsafe<Row[]>(NEXT, businessId, batch, cursor.ms, cursor.id) : await db.$queryRawUnsafe<Row[]>(FIRST, businessId, batch);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    cursor = { ms: last.cursorMs, id: last.id };
  }
}

/** How many customers the file will hold (X-Export-Count: the button's toast, and its "no
 *  customers to export" without a download). Counted just before the stream starts; a customer
 *  added or changed while a long file streams may make the two differ by that customer. */
export async function countMarketingExport(businessId: number): Promise<number> {
  const rows = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM customers c WHERE ${LISTED} AND ${CONSENTING}`, businessId);
  return Number(rows[0]?.n ?? 0);
}

/** The CSV file as a stream, with its name, its count and the headers a download needs. */
export async function marketingExportResponse(businessId: number, now: Date): Promise<Response> {
  const count = await countMarketingExport(businessId);
  const encoder = new TextEncoder();
  const batches = marketingExportBatches(businessId);
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${csvLine(MARKETING_EXPORT_COLUMNS)}\r\n`));
          return;
        }
        const next = await batches.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value.map((c) => `${csvLine(marketingExportRow(c))}\r\n`).join("")));
      } catch (error) {
        log.error({ err: error, businessId }, "marketing export failed mid-stream");
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${marketingExportFileName(now)}"`,
      "x-export-count": String(count),
    },
  });
}
