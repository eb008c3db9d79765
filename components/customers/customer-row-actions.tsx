"use client";

import { Receipt, Settings, SquarePen, Ticket } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { RowActionsButton, type RowHandlers } from "@/components/customers/customer-table";

// The actions menu of one customer row (spec 1 section 2). Loaded by the table the first time an
// actions button is used, so the menu code (Radix menu, floating-ui) is not part of the page's
// first load; it mounts open, because that first press is what asked for it.

type Props = Omit<RowHandlers, "onToggle"> & { customer: CustomerDto };

export function CustomerRowActions({ customer: c, onOpen, onProcessTransaction, onSendVoucher }: Props) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <RowActionsButton name={c.name} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onOpen(c, "details")}>
          <SquarePen aria-hidden /> view/edit details
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onProcessTransaction(c)}>
          <Receipt aria-hidden /> process transaction
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onSendVoucher(c)}>
          <Ticket aria-hidden /> send voucher
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onOpen(c, "account")}>
          <Settings aria-hidden /> customer settings
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
