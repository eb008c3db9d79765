-- Issue 23: the card hub reads a business's cards newest first a page at a time (keyset on
-- (createdAt, id)). Without this index every page sorted all of the business's cards.
CREATE INDEX IF NOT EXISTS "loyalty_cards_businessId_createdAt_id_idx" ON "loyalty_cards"("businessId", "createdAt" DESC, "id" DESC);
