// Money, numbers and dates as text (en-GB, GBP, UK time), for the server and the screens alike.
// Pure (issue 21: lib/rules imports only lib/rules; these were in lib/utils.ts, which keeps `cn`).

// The product is UK-only: amounts in GBP, dates in en-GB. Dates are rendered in UK time so that the
// server and the browser print the same day whatever the machine's own time zone is.
const LOCALE = "en-GB";
const TIME_ZONE = "Europe/London";
const COMPACT_FROM = 100_000;

/** A formatter built on its first use rather than when its module loads. The first Intl object a
 *  browser tab builds loads ICU's locale data, 10-35 ms here (four times that on Lighthouse's
 *  mobile CPU), and modules load in the middle of hydration; warmUpIntl pays it in a task of its own. */
export function lazyFormatter<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const gbp = lazyFormatter(() => new Intl.NumberFormat(LOCALE, { style: "currency", currency: "GBP", minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const wholePounds = lazyFormatter(() => new Intl.NumberFormat(LOCALE, { style: "currency", currency: "GBP", minimumFractionDigits: 0, maximumFractionDigits: 0 }));
const grouped = lazyFormatter(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 }));
// en-GB's compact notation prints lower-case "k"/"m"; the spec asks for "K"/"M", which en-US prints.
const compact = lazyFormatter(() => new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }));
const date = lazyFormatter(() => new Intl.DateTimeFormat(LOCALE, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: TIME_ZONE }));
const dateTime = lazyFormatter(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: TIME_ZONE,
    }),
);

/** Builds the common formatters now (the browser calls it once, after hydration, in a task of its own). */
export function warmUpIntl(): void {
  date();
  gbp();
  grouped();
}

/** 123450 -> "£1,234.50"; -5 -> "-£0.05". */
export function formatGBP(pence: number): string {
  return gbp().format(pence / 100);
}

/** Whole pounds, rounded: 1200 -> "£12", 1250 -> "£13". */
export function formatPounds(pence: number): string {
  return wholePounds().format(pence / 100);
}

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "22/11/2026"; an unparseable value gives "". */
export function formatDate(value: Date | string | number): string {
  const d = toDate(value);
  return d ? date().format(d) : "";
}

/** "22/11/2026, 13:05" (UK time, 24-hour clock); an unparseable value gives "". */
export function formatDateTime(value: Date | string | number): string {
  const d = toDate(value);
  return d ? dateTime().format(d) : "";
}

/** From 100,000 (in magnitude) up: "100K", "1.5M"; below that, grouped: "99,999". */
export function formatCompact(n: number): string {
  return Math.abs(n) >= COMPACT_FROM ? compact().format(n) : grouped().format(n);
}
