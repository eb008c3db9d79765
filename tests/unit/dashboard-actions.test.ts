import { actionDialog } from "@/lib/rules/dashboard-actions";

describe("dashboard action dialogs", () => {
  it("start the matching flow once the business has customers", () => {
    expect(actionDialog("addCustomer", true)).toMatchObject({ title: "add a new customer?", href: "/customers?add=1" });
    expect(actionDialog("processTransaction", true)).toMatchObject({ title: "process a transaction?", href: "/transactions?add=1" });
    expect(actionDialog("createVoucher", true)).toMatchObject({ title: "create a voucher?", href: "/vouchers?create=1" });
  });

  it("with no customers yet, every dialog starts the add-customer flow", () => {
    expect(actionDialog("addCustomer", false)).toMatchObject({ title: "add your first customer", href: "/customers?add=1" });
    for (const a of ["processTransaction", "createVoucher"] as const) {
      expect(actionDialog(a, false)).toMatchObject({ title: "add your first customer first", confirmLabel: "add first customer", href: "/customers?add=1" });
    }
    expect(actionDialog("createVoucher", false).description).toMatch(/^vouchers belong to customers/);
  });
});
