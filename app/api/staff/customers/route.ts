import { staffRoute } from "@/lib/api/route";
import { listStaffCustomers } from "@/lib/staff/list-staff-customers";

// GET /api/staff/customers - the business's customers for the staff dashboard (name, email, number, points, spent)
export const GET = staffRoute({}, ({ auth }) => listStaffCustomers(auth.businessId));
