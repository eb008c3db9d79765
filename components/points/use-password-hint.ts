"use client";

import { useCurrentUser } from "@/components/customers/customer-queries";

/** Rate changes are confirmed with a password: the owner's, or, for a super admin acting as the
 *  business (who has no business password), the admin's own. */
export function usePasswordHint(): string {
  const user = useCurrentUser();
  return user.data?.adminMode
    ? "you are acting as this business: enter your own super admin password"
    : "enter your account password to confirm rate changes";
}
