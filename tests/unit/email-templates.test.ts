/** @jest-environment node */
import { fillRendered, renderEmail, type EmailContent } from "@/lib/email/render-email";
import { accessCodeEmail } from "@/lib/email/templates/access-code-email";
import { automationEmailContent } from "@/lib/email/templates/automation-email";
import { movedToStarterEmail, paymentFailedEmail } from "@/lib/email/templates/plan-emails";
import { tierReviewEmail } from "@/lib/email/templates/tier-review-email";
import { transactionUpdateEmail } from "@/lib/email/templates/transaction-update-email";
import { voucherEmail, type VoucherContent } from "@/lib/email/templates/voucher-email";
import { welcomeEmail, type WelcomeEmailProps } from "@/lib/email/templates/welcome-email";
import { automationEmail, automationEmailRenderer } from "@/lib/automations/automation-email";
import { defaultAutomation } from "@/lib/automations/automation-rules";

// Issue 25: every email is a React Email template rendered by renderEmail (HTML + a text version
// read from it). The sentences below are the emails' wording before the move (the string templates
// of lib/email/html.ts and their callers, with these sample values): each must still be in the new
// text version, word for word. Values that came from a person are escaped in the HTML.

const WELCOME: WelcomeEmailProps = {
  businessName: "Daily Grind",
  firstName: "Sam",
  pointsPerPound: 1,
  membershipNumber: "1234567890",
  qrUrl: "https://app.test/api/qr-hosted/1234567890",
  applePassUrl: "https://app.test/api/wallet/apple/1234567890",
  googlePassUrl: "https://pay.google.com/gp/v/save/abc",
  confirmUrl: "https://app.test/confirm-membership/tok123",
  portalUrl: "https://app.test/customer-portal?access=p1",
  preferencesUrl: "https://app.test/customer-preferences?access=p2",
};
const VOUCHER: VoucherContent = {
  title: "Spring treat",
  description: "For our regulars",
  promoCode: "SPRING10",
  discountType: "percentage",
  discountValue: 10,
  minSpendPence: 500,
  maxDiscountPence: 300,
  expiresAt: null,
};
const PREFS = "https://app.test/customer-preferences";

type Case = { name: string; email: EmailContent; subject: string; sentences: string[] };
const CASES: Case[] = [
  {
    name: "welcome",
    email: welcomeEmail(WELCOME),
    subject: "Your Daily Grind loyalty card",
    sentences: [
      "Welcome to Daily Grind rewards, Sam!",
      "Your digital loyalty card is ready. Show this QR code or your membership number when you pay to earn 1 point per £1 spent.",
      "1234 5678 90", // the membership number as every screen shows it (formatMembershipNumber)
      "Add to Apple Wallet",
      "Save to Google Wallet",
      "Please confirm your membership:",
      "Confirm my membership",
      "See your points, vouchers and visits at any time:",
      "View my loyalty account",
      "You can change your marketing preferences at any time: manage my preferences",
      "You are receiving this service email because Daily Grind added you to its loyalty scheme. Service messages about your card are always sent; offers only with your consent.",
    ],
  },
  {
    name: "voucher (new)",
    email: voucherEmail({ voucher: VOUCHER, businessName: "Daily Grind", firstName: "Sam", kind: "new", preferencesUrl: PREFS }),
    subject: "Spring treat - a voucher from Daily Grind",
    sentences: [
      "Hi Sam, here is a treat from Daily Grind.",
      "Spring treat",
      "For our regulars",
      "10% off",
      "Code: SPRING10",
      "Show this code at the till to use your voucher.",
      "Minimum spend £5.00. Up to £3.00 off. No expiry date.",
      "You are receiving this because you agreed to receive offers from Daily Grind.",
      "Manage your marketing preferences",
      PREFS,
      "at any time.",
    ],
  },
  {
    name: "voucher (updated)",
    email: voucherEmail({ voucher: VOUCHER, businessName: "Daily Grind", firstName: "Sam", kind: "updated", preferencesUrl: PREFS }),
    subject: "Your voucher from Daily Grind has been updated",
    sentences: ["Hi Sam, Daily Grind has updated your voucher. Here are the new details.", "Code: SPRING10"],
  },
  {
    name: "portal access code",
    email: accessCodeEmail("482913", 10),
    subject: "Your Loyalty Legends access code",
    sentences: [
      "Your access code",
      "Use this code to open your loyalty account and preferences:",
      "482913",
      "It expires in 10 minutes and can be used once.",
      "If you did not ask for this code you can ignore this email: nobody can see your account without it.",
      "You are receiving this email because someone asked to open the loyalty account of this address.",
    ],
  },
  {
    name: "transaction update",
    email: transactionUpdateEmail({ businessName: "Daily Grind", firstName: "Sam", what: "updated", detail: "purchase of £4.50 on 3 March 2026", balance: 120 }),
    subject: "Your Daily Grind points balance has been updated",
    sentences: [
      "Hi Sam,",
      "Daily Grind has corrected a transaction on your loyalty card: purchase of £4.50 on 3 March 2026.",
      "Your balance is now 120 points.",
      "If this looks wrong, please speak to Daily Grind.",
      "This is a service message about your loyalty account.",
    ],
  },
  {
    name: "tier review",
    email: tierReviewEmail({ businessName: "Daily Grind", firstName: "Sam", from: "Gold", to: "Silver" }),
    subject: "Your Daily Grind membership tier has changed",
    sentences: [
      "Hi Sam,",
      "At this year's review of your Daily Grind loyalty card, your tier changed from Gold to Silver.",
      "Keep collecting points to move back up: your tier is updated as soon as you qualify.",
      "You receive this because you agreed to emails from this business.",
    ],
  },
  {
    name: "plan: payment failed",
    email: paymentFailedEmail("4 December 2026"),
    subject: "Your max plan payment failed",
    sentences: [
      "We could not take your max plan payment.",
      "Please update your payment details by 4 December 2026. After that, customers beyond your oldest 10 are parked until payment is received.",
      "This is a service message about your Loyalty Legends subscription.",
    ],
  },
  {
    name: "plan: moved to starter",
    email: movedToStarterEmail(3),
    subject: "You are now on the starter plan",
    sentences: [
      "Your max plan has ended and you are now on the free starter plan (10 customers).",
      "3 customers were parked: their data is kept, and they come back when you upgrade to max again.",
      "This is a service message about your Loyalty Legends subscription.",
    ],
  },
  {
    name: "automation",
    email: automationEmail(defaultAutomation("nearly_there").subject, defaultAutomation("nearly_there").body, { firstName: "Sam", businessName: "Daily Grind", points: 85, pointsToGo: 15 }).email,
    subject: "You're nearly there, Sam",
    sentences: [
      "You're nearly there, Sam",
      "Hi Sam, you have 85 points: just 15 more and you can redeem a reward at Daily Grind.",
      "You receive this because you agreed to hear from Daily Grind. Ask us at the till to stop these messages.",
    ],
  },
];

describe.each(CASES)("the $name email", ({ email, subject, sentences }) => {
  it("renders with the shared layout, keeps its wording in the text version", async () => {
    const r = await renderEmail(email);
    expect(r.subject).toBe(subject);
    expect(r.html).toMatch(/^<!DOCTYPE html/);
    expect(r.html).toContain('<html dir="ltr" lang="en-GB">');
    expect(r.html).toContain(`<title>${subject.replace(/'/g, "&#x27;")}</title>`);
    expect(r.html).toContain("background-color:#f6f3ee"); // the one layout
    const text = r.text.replace(/\s+/g, " ");
    for (const s of sentences) expect(text).toContain(s);
    expect(r.text).not.toMatch(/<[a-z]/i); // a text version, not HTML
  });
});

describe("escaping what came from a person", () => {
  const evil = `<script>alert("x")</script>`;
  const emails: [string, EmailContent][] = [
    ["welcome", welcomeEmail({ ...WELCOME, firstName: evil, businessName: evil })],
    ["voucher", voucherEmail({ voucher: { ...VOUCHER, title: evil, description: evil, promoCode: evil }, businessName: evil, firstName: evil, kind: "new", preferencesUrl: PREFS })],
    ["access code", accessCodeEmail(evil, 10)],
    ["transaction update", transactionUpdateEmail({ businessName: evil, firstName: evil, what: "removed", detail: evil, balance: 0 })],
    ["tier review", tierReviewEmail({ businessName: evil, firstName: evil, from: evil, to: evil })],
    ["payment failed", paymentFailedEmail(evil)],
    ["automation", automationEmailContent(evil, evil, evil)],
  ];
  it.each(emails)("%s: a name with <script> is text in the HTML and itself in the text version", async (_name, email) => {
    const r = await renderEmail(email);
    expect(r.html).not.toContain("<script>");
    expect(r.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(r.text).toContain(evil);
  });
});

describe("the automation run's bulk path", () => {
  it("fills one rendering per customer to exactly what rendering each customer's email gives", async () => {
    const { subject, body } = defaultAutomation("birthday");
    const fill = await automationEmailRenderer(subject, `${body}\n\nLine one\nline two {points}`);
    for (const vars of [
      { firstName: "Sam", businessName: "Daily Grind", reward: "50 bonus points", points: 12 },
      { firstName: `<script>alert('x')</script> & "co"`, businessName: "Tom & Jerry's <Café>", reward: "a 10% off voucher (code BDAY1)", points: 0 },
    ]) {
      const direct = await renderEmail(automationEmail(subject, `${body}\n\nLine one\nline two {points}`, vars).email);
      expect(fill(vars)).toEqual(direct);
    }
  });

  it("leaves a marker with no value as written, like renderTemplate", () => {
    expect(fillRendered({ subject: "{a} {b}", html: "<p>{a} {b}</p>", text: "{a} {b}" }, { a: "<1>" })).toEqual({ subject: "<1> {b}", html: "<p>&lt;1&gt; {b}</p>", text: "<1> {b}" });
  });
});
