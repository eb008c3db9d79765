import { formatDate } from "@/lib/rules/format";
import { SLEEP_STATUS_LABELS, sleepState } from "@/lib/rules/customer-status";
import { ukDate } from "@/lib/rules/uk-time";

// Spec 1 sections 3, 5 and 7: the marketing list, built in the browser as a CSV. Only customers
// who gave email or SMS consent are in it. RFC 4180 quoting, CRLF line ends, dates en-GB, and every
// cell that a spreadsheet would read as a formula is neutralised with a leading single quote.

export const MARKETING_EXPORT_COLUMNS = [
  "Membership Number",
  "Name",
  "First Name",
  "Last Name",
  "Email",
  "Phone",
  "Date of Birth",
  "Current Points",
  "Lifetime Spent (GBP)",
  "Join Date",
  "Last Visit",
  "Email Consent",
  "SMS Consent",
  "Sleep Status",
] as const;

export type ExportableCustomer = {
  membershipNumber: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string | null;
  totalPoints: number;
  lifetimeSpent: string;
  createdAt: string;
  lastVisit: string | null;
  marketingConsentEmail: boolean;
  marketingConsentSms: boolean;
  sleepStatus: string;
};

export type MarketingExport = { csv: string; count: number; fileName: string };

/** Characters that make Excel, LibreOffice or Sheets treat a cell as a formula (CWE-1236): the
 *  OWASP list, also after leading spaces (spreadsheets may trim them on import), their full-width
 *  forms (which some spreadsheets fold to ASCII), and a leading line break. */
const FORMULA_START = /^(?:[\s\u00a0\u3000\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]|[\t\r\n])/;

/** A cell that starts like a formula gets a leading single quote, so it is shown as text. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** RFC 4180: a field with a comma, double quote, CR or LF is quoted, with its quotes doubled. */
export function quoteCsvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const csvCell = (value: string | number | null | undefined) => quoteCsvField(neutraliseCell(value == null ? "" : String(value)));

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return values.map(csvCell).join(",");
}

/** "1990-05-17" -> "17/05/1990" without a time-zone shift; anything else through formatDate. */
function dateOnly(value: string | null): string {
  if (!value) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : formatDate(value);
}

function pounds(value: string): string {
  const n = Number(value);
  return Number.isFinite(n) ? n.toFixed(2) : value;
}

const yesNo = (b: boolean) => (b ? "Yes" : "No");

export const hasMarketingConsent = (c: Pick<ExportableCustomer, "marketingConsentEmail" | "marketingConsentSms">) =>
  c.marketingConsentEmail || c.marketingConsentSms;

export function marketingExportRow(c: ExportableCustomer): string[] {
  return [
    c.membershipNumber,
    c.name,
    c.firstName,
    c.lastName,
    c.email,
    c.phone,
    dateOnly(c.dateOfBirth),
    String(c.totalPoints),
    pounds(c.lifetimeSpent),
    formatDate(c.createdAt),
    c.lastVisit ? formatDate(c.lastVisit) : "Never",
    yesNo(c.marketingConsentEmail),
    yesNo(c.marketingConsentSms),
    SLEEP_STATUS_LABELS[sleepState(c.sleepStatus)],
  ];
}

/** yyyy-mm-dd of the UK calendar day. */
export function exportDate(now: Date): string {
  return ukDate(now);
}

export const marketingExportFileName = (now: Date) => `customers-marketing-export-${exportDate(now)}.csv`;

/** The whole file: header plus one row per consenting customer, in the order given. */
export function buildMarketingExport(customers: readonly ExportableCustomer[], now: Date = new Date()): MarketingExport {
  const rows = customers.filter(hasMarketingConsent);
  const lines = [csvLine(MARKETING_EXPORT_COLUMNS), ...rows.map((c) => csvLine(marketingExportRow(c)))];
  return { csv: `${lines.join("\r\n")}\r\n`, count: rows.length, fileName: marketingExportFileName(now) };
}
