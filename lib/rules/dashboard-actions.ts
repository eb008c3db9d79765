// The dashboard's three action cards and their confirmation dialogs (spec 1 section 2). The
// wording depends on whether the business has any customers yet: with none, the transaction and
// voucher dialogs say a customer comes first and their start button begins the add-customer flow.

export type DashboardAction = "addCustomer" | "processTransaction" | "createVoucher";

export type ActionDialog = { title: string; description: string; confirmLabel: string; cancelLabel: string; href: string };

export const ACTION_HREFS: Record<DashboardAction, string> = {
  addCustomer: "/customers?add=1",
  processTransaction: "/transactions?add=1",
  createVoucher: "/vouchers?create=1",
};

const CANCEL = "not now";

const FIRST_CUSTOMER_FIRST = (what: string): ActionDialog => ({
  title: "add your first customer first",
  description: `${what} belong to customers, and your loyalty club has none yet. add your first customer now: they get their digital loyalty card as soon as their phone number is verified.`,
  confirmLabel: "add first customer",
  cancelLabel: CANCEL,
  href: ACTION_HREFS.addCustomer,
});

export function actionDialog(action: DashboardAction, hasCustomers: boolean): ActionDialog {
  switch (action) {
    case "addCustomer":
      return hasCustomers
        ? {
            title: "add a new customer?",
            description: "sign another customer up to your loyalty club. we'll text them a code to verify their phone, then their digital loyalty card is ready.",
            confirmLabel: "add customer",
            cancelLabel: CANCEL,
            href: ACTION_HREFS.addCustomer,
          }
        : {
            title: "add your first customer",
            description: "your loyalty club is ready and waiting. add your first customer: they get their digital loyalty card as soon as their phone number is verified.",
            confirmLabel: "add first customer",
            cancelLabel: CANCEL,
            href: ACTION_HREFS.addCustomer,
          };
    case "processTransaction":
      return hasCustomers
        ? {
            title: "process a transaction?",
            description: "record a purchase, a points redemption or a bonus, and your customer's points are updated straight away.",
            confirmLabel: "process transaction",
            cancelLabel: CANCEL,
            href: ACTION_HREFS.processTransaction,
          }
        : FIRST_CUSTOMER_FIRST("transactions");
    case "createVoucher":
      return hasCustomers
        ? {
            title: "create a voucher?",
            description: "treat your customers to a money-off or percentage voucher, sent by email or SMS to those who agreed to hear from you.",
            confirmLabel: "create voucher",
            cancelLabel: CANCEL,
            href: ACTION_HREFS.createVoucher,
          }
        : FIRST_CUSTOMER_FIRST("vouchers");
  }
}
