import {
  MARKETING_EXPORT_COLUMNS,
  buildMarketingExport,
  csvCell,
  exportDate,
  marketingExportFileName,
  neutraliseCell,
  quoteCsvField,
  type ExportableCustomer,
} from "@/lib/rules/customer-export";

/** A strict RFC 4180 reader, so the tests check what a spreadsheet would actually read. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i += 1;
      } else {
        field += ch;
        i += 1;
      }
    } else if (ch === '"') {
      if (field !== "") throw new Error(`stray quote at ${i}`);
      quoted = true;
      i += 1;
    } else if (ch === ",") {
      row.push(field);
      field = "";
      i += 1;
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 2;
    } else if (ch === "\n" || ch === "\r") {
      throw new Error(`bare line break outside quotes at ${i}`);
    } else {
      field += ch;
      i += 1;
    }
  }
  if (quoted) throw new Error("unterminated quote");
  if (field !== "" || row.length) rows.push([...row, field]);
  return rows;
}

function customer(overrides: Partial<ExportableCustomer> = {}): ExportableCustomer {
  return {
    membershipNumber: "LL-4821-9930",
    name: "Sarah Jones-Brown",
    firstName: "Sarah",
    lastName: "Jones-Brown",
    email: "sarah@example.com",
    phone: "07700900123",
    dateOfBirth: "1990-05-17",
    totalPoints: 120,
    lifetimeSpent: "45.5",
    createdAt: "2026-01-03T10:00:00.000Z",
    lastVisit: "2026-02-14T23:30:00.000Z",
    marketingConsentEmail: true,
    marketingConsentSms: false,
    sleepStatus: "active",
    ...overrides,
  };
}

const NOW = new Date("2026-03-09T12:00:00Z");

describe("marketing export columns", () => {
  it("has exactly the spec's 14 columns in order", () => {
    // The spec's header line, written out here rather than read from the module under test.
    const specHeader = "Membership Number,Name,First Name,Last Name,Email,Phone,Date of Birth,Current Points,Lifetime Spent (GBP),Join Date,Last Visit,Email Consent,SMS Consent,Sleep Status";
    expect(MARKETING_EXPORT_COLUMNS).toEqual(specHeader.split(","));
    const { csv } = buildMarketingExport([], NOW);
    expect(csv).toBe(`${specHeader}\r\n`);
  });
});

describe("buildMarketingExport", () => {
  it("writes one row per consenting customer with en-GB dates, pounds and yes/no consents", () => {
    const { csv, count } = buildMarketingExport([customer()], NOW);
    expect(count).toBe(1);
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      "LL-4821-9930",
      "Sarah Jones-Brown",
      "Sarah",
      "Jones-Brown",
      "sarah@example.com",
      "07700900123",
      "17/05/1990",
      "120",
      "45.50",
      "03/01/2026",
      // 23:30 UTC on 14 February is still 14 February in London (GMT)...
      "14/02/2026",
      "Yes",
      "No",
      "active",
    ]);
    // ...and a summer-time instant is read in UK time: 23:30 UTC on 1 July is 2 July in London.
    const summer = parseCsv(buildMarketingExport([customer({ lastVisit: "2026-07-01T23:30:00.000Z" })], NOW).csv);
    expect(summer[1][10]).toBe("02/07/2026");
  });

  it("keeps only customers with email or SMS consent, in the order given", () => {
    const list = [
      customer({ membershipNumber: "A1", marketingConsentEmail: true, marketingConsentSms: false }),
      customer({ membershipNumber: "B2", marketingConsentEmail: false, marketingConsentSms: false }),
      customer({ membershipNumber: "C3", marketingConsentEmail: false, marketingConsentSms: true }),
      customer({ membershipNumber: "D4", marketingConsentEmail: true, marketingConsentSms: true }),
    ];
    const { csv, count } = buildMarketingExport(list, NOW);
    expect(count).toBe(3);
    const rows = parseCsv(csv);
    expect(rows.slice(1).map((r) => r[0])).toEqual(["A1", "C3", "D4"]);
    expect(rows.slice(1).map((r) => [r[11], r[12]])).toEqual([
      ["Yes", "No"],
      ["No", "Yes"],
      ["Yes", "Yes"],
    ]);
  });

  it("counts zero when nobody has consented", () => {
    const { count, csv } = buildMarketingExport([customer({ marketingConsentEmail: false, marketingConsentSms: false })], NOW);
    expect(count).toBe(0);
    expect(parseCsv(csv)).toHaveLength(1);
  });

  it("writes 'Never' for no visit, an empty date of birth when unknown, and readable sleep statuses in either spelling", () => {
    const list = [
      customer({ lastVisit: null, dateOfBirth: null, sleepStatus: "awake" }),
      customer({ sleepStatus: "asleep" }),
      customer({ sleepStatus: "scheduled_deletion" }),
    ];
    const rows = parseCsv(buildMarketingExport(list, NOW).csv).slice(1);
    expect(rows[0][10]).toBe("Never");
    expect(rows[0][6]).toBe("");
    expect(rows.map((r) => r[13])).toEqual(["active", "asleep", "scheduled for deletion"]);
  });

  it("quotes commas, quotes and line breaks so every row keeps 14 fields", () => {
    const tricky = customer({ name: 'Jo "JJ" Smith, Jr', firstName: "Jo\nAnne", lastName: "Smith\r\nJr" });
    const { csv } = buildMarketingExport([tricky], NOW);
    expect(csv).toContain('"Jo ""JJ"" Smith, Jr"');
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.length === 14)).toBe(true);
    expect(rows[1].slice(1, 4)).toEqual(['Jo "JJ" Smith, Jr', "Jo\nAnne", "Smith\r\nJr"]);
  });

  it("neutralises every cell that a spreadsheet would run as a formula", () => {
    const attack = customer({
      name: "=HYPERLINK(\"http://evil.example\",\"click\")",
      firstName: "+SUM(A1:A2)",
      lastName: "-2+3",
      email: "@cmd|' /C calc'!A0",
      phone: "+447700900123",
      membershipNumber: "\tTAB",
    });
    const rows = parseCsv(buildMarketingExport([attack], NOW).csv);
    const r = rows[1];
    expect(r[0]).toBe("'\tTAB");
    expect(r[1]).toBe("'=HYPERLINK(\"http://evil.example\",\"click\")");
    expect(r[2]).toBe("'+SUM(A1:A2)");
    expect(r[3]).toBe("'-2+3");
    expect(r[4]).toBe("'@cmd|' /C calc'!A0");
    // A phone in E.164 starts with '+', which Excel would evaluate: it is kept as text.
    expect(r[5]).toBe("'+447700900123");
    for (const cell of r) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("is one CRLF-terminated line per row", () => {
    const { csv } = buildMarketingExport([customer(), customer({ membershipNumber: "X" })], NOW);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.split("\r\n")).toHaveLength(4); // header, 2 rows, trailing empty
    expect(csv.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });
});

describe("cell helpers", () => {
  it.each(Object.entries({ "plain text": "plain text", "a,b": '"a,b"', 'say "hi"': '"say ""hi"""', "line\nbreak": '"line\nbreak"', "cr\rhere": '"cr\rhere"' }))("quoteCsvField leaves plain text alone and quotes what RFC 4180 requires: %j -> %j", (field, quoted) => {
    expect(quoteCsvField(field)).toBe(quoted);
  });

  it("neutraliseCell prefixes = + - @ tab and CR (also after leading spaces), nothing else", () => {
    for (const s of ["=1", "+1", "-1", "@x", "\tx", "\rx", " =1"]) expect(neutraliseCell(s)).toBe(`'${s}`);
    for (const s of ["1", "a=1", "", "'already"]) expect(neutraliseCell(s)).toBe(s);
  });

  it("csvCell neutralises first, then quotes (so a quoted formula is still defused)", () => {
    expect(csvCell('=A1,"x"')).toBe(`"'=A1,""x"""`);
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");
  });
});

describe("file name", () => {
  it("is customers-marketing-export-{yyyy-mm-dd}.csv on the UK calendar day", () => {
    expect(marketingExportFileName(NOW)).toBe("customers-marketing-export-2026-03-09.csv");
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(exportDate(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(buildMarketingExport([], new Date("2026-12-31T12:00:00Z")).fileName).toBe("customers-marketing-export-2026-12-31.csv");
  });
});
