"use client";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { CardTypeBadge } from "@/components/cards/card-type-badge";
import { PassViewer } from "@/components/cards/pass-viewer";
import { lastUsedText } from "@/components/cards/loyalty-card-tile";
import { cardTypeOf } from "@/lib/cards/card-type";
import { formatCompact } from "@/lib/rules/format";
import type { LoyaltyCardDto } from "@/lib/cards/loyalty-card-dto";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

/** The loyalty card detail dialog: type, customer, card number, last used, balance, a status note
 *  and the pass viewer. */
export function LoyaltyCardDialog({ card, onOpenChange }: { card: LoyaltyCardDto | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={card !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {card ? (
          <>
            <DialogHeader>
              <div className="flex justify-center sm:justify-start">
                <CardTypeBadge passkitStatus={card.passkitStatus} />
              </div>
              <DialogTitle className="break-words">{card.customerName}</DialogTitle>
              <DialogDescription className="break-all">{card.customerEmail}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
              <div className="min-w-0">
                <dt className="text-xs text-muted-foreground">Card number</dt>
                <dd className="font-mono break-all">{formatMembershipNumber(card.membershipNumber)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Last used</dt>
                <dd>{lastUsedText(card.lastUsedAt)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Points balance</dt>
                <dd className="font-medium">{formatCompact(card.pointsBalance)}</dd>
              </div>
            </dl>
            <p className="rounded-md bg-muted/50 p-3 text-sm text-muted-foreground" data-testid="card-status-note">
              {cardTypeOf(card.passkitStatus).note}
            </p>
            <PassViewer key={card.id} membershipNumber={card.membershipNumber} applePassUrl={card.applePassUrl} googlePassUrl={card.googlePassUrl} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
