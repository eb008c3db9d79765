import { useState } from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OtpInput } from "@/components/ui/otp-input";
import { Label } from "@/components/ui/label";

// Issue 20: code boxes on input-otp. Pasting "12ab3456" into the old fields gave "12" (the
// browser cut the paste at maxLength before the non-digits were dropped).

function Code({ length }: { length: number }) {
  const [value, setValue] = useState("");
  return (
    <>
      <Label htmlFor="code">verification code</Label>
      <OtpInput id="code" length={length} value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

/** Pastes text into an OtpInput of that many boxes. */
async function pasteInto(length: number, text: string) {
  const user = userEvent.setup();
  render(<Code length={length} />);
  await user.click(screen.getByLabelText("verification code"));
  await user.paste(text);
}

describe("OtpInput", () => {
  it("keeps the digits of a pasted code: '12ab3456' gives '123456'", async () => {
    await pasteInto(6, "12ab3456");
    expect(screen.getByTestId("value")).toHaveTextContent(/^123456$/);
    expect(screen.getByLabelText("verification code")).toHaveValue("123456");
  });

  it("cuts a pasted code to the number of boxes after dropping what is not a digit", async () => {
    await pasteInto(4, " 12-ab 3456 ");
    expect(screen.getByTestId("value")).toHaveTextContent(/^1234$/);
  });

  it("accepts typed digits only", async () => {
    const user = userEvent.setup();
    render(<Code length={4} />);
    await user.type(screen.getByLabelText("verification code"), "1a2b");
    expect(screen.getByTestId("value")).toHaveTextContent(/^12$/);
    expect(screen.getByLabelText("verification code")).toHaveAttribute("autocomplete", "one-time-code");
    expect(screen.getByLabelText("verification code")).toHaveAttribute("inputmode", "numeric");
  });
});
