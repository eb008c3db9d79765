import { render, screen } from "@testing-library/react";

// Issue 22 item 7: the legal text's support address comes from SUPPORT_EMAIL (built into the page
// by next.config.mjs `env`), not a hard-coded placeholder.

describe("customer legal text support address", () => {
  const saved = process.env.SUPPORT_EMAIL;
  afterEach(() => (saved === undefined ? delete process.env.SUPPORT_EMAIL : (process.env.SUPPORT_EMAIL = saved)));

  it("shows SUPPORT_EMAIL when it is set", () => {
    process.env.SUPPORT_EMAIL = "help@thecornercafe.co.uk";
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { CustomerLegalText } = require("@/components/customers/customer-legal-text") as typeof import("@/components/customers/customer-legal-text");
      render(<CustomerLegalText businessName="The Corner Café" choice={{ email: true, sms: false }} hasDateOfBirth={false} />);
    });
    expect(screen.getByRole("link", { name: "help@thecornercafe.co.uk" })).toHaveAttribute("href", "mailto:help@thecornercafe.co.uk");
  });
});
