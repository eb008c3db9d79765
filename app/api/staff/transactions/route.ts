import { staffRoute } from "@/lib/api/route";
import { staffTransactionsQuery } from "@/lib/validation/staff";
import { listStaffTransactions } from "@/lib/staff/list-staff-transactions";

// GET /api/staff/transactions?customerId= - the last 5 transactions of one of the business's customers
export const GET = staffRoute({ query: staffTransactionsQuery }, ({ auth, query }) => listStaffTransactions(auth.businessId, query.customerId));
