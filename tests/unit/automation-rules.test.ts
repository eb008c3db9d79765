/** @jest-environment node */
import { isSmsQuietTime, renderTemplate } from "@/lib/automations/automation-rules";
import { automationEmail } from "@/lib/automations/automation-email";
import { renderEmail } from "@/lib/email/render-email";

// Issue 25: the pure automation rules.

describe("SMS quiet hours (21:00-08:00 UK time)", () => {
  it.each([
    ["2026-01-15T20:59:00Z", false], // 20:59 GMT
    ["2026-01-15T21:00:00Z", true], // 21:00 GMT
    ["2026-01-15T07:59:00Z", true],
    ["2026-01-15T08:00:00Z", false],
    ["2026-07-15T19:59:00Z", false], // 20:59 BST
    ["2026-07-15T20:00:00Z", true], // 21:00 BST
    ["2026-07-15T06:59:00Z", true], // 07:59 BST
    ["2026-07-15T07:00:00Z", false], // 08:00 BST
  ])("%s quiet: %s", (iso, quiet) => expect(isSmsQuietTime(new Date(iso))).toBe(quiet));
});

describe("templates", () => {
  it("fills known placeholders, keeps unknown ones, and escapes values in the email", async () => {
    expect(renderTemplate("Hi {firstName}, {points} pts {oops}", { firstName: "Sam", points: 5 })).toBe("Hi Sam, 5 pts {oops}");
    const m = automationEmail("For {firstName}", "Hi {firstName}", { firstName: "<b>Sam</b>", businessName: "Café" });
    expect(m.sms).toBe("Hi <b>Sam</b>");
    const r = await renderEmail(m.email);
    expect(r.subject).toBe("For <b>Sam</b>");
    expect(r.html).toContain("Hi &lt;b&gt;Sam&lt;/b&gt;");
    expect(r.html).not.toContain("<b>Sam</b>");
  });
});
