-- Issue 9: live wallet passes. Push bookkeeping on the card, and triggers that move the pass's
-- update tag ("passUpdatedAt") in the same transaction as any change the pass shows.

ALTER TABLE "loyalty_cards"
  ADD COLUMN "applePushedTag" TIMESTAMP(3),
  ADD COLUMN "googlePushedTag" TIMESTAMP(3),
  ADD COLUMN "pushAttempts" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "nextPushAt" TIMESTAMP(3),
  ADD COLUMN "pushLeaseUntil" TIMESTAMP(3);

-- Existing passes are up to date as of now.
UPDATE "loyalty_cards" SET "applePushedTag" = "passUpdatedAt", "googlePushedTag" = "passUpdatedAt";

CREATE INDEX "wallet_device_registrations_pushToken_idx" ON "wallet_device_registrations"("pushToken");

-- The next tag: now (UTC, to match Prisma's timestamp-without-zone columns), but always in a later
-- whole second than the previous tag, so Last-Modified/If-Modified-Since (whole seconds) never
-- answers 304 for a change made in the same second as the copy the phone holds.
CREATE FUNCTION wallet_next_pass_tag(previous TIMESTAMP(3)) RETURNS TIMESTAMP(3) LANGUAGE sql VOLATILE AS $$
  SELECT GREATEST(date_trunc('milliseconds', clock_timestamp() AT TIME ZONE 'UTC'), date_trunc('second', previous) + interval '1 second')::timestamp(3)
$$;

-- Function bodies spell their semicolons \073: the migration runner (adapter-pg executeScript)
-- splits the file on every semicolon, even inside dollar quotes.
CREATE FUNCTION wallet_bump_pass_for_customer() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "loyalty_cards" SET "passUpdatedAt" = wallet_next_pass_tag("passUpdatedAt") WHERE "customerId" = NEW.id\073
  RETURN NULL\073
END';

-- Only what a pass shows (balance, name, closed = voided): the WHEN clause keeps every other
-- customer update (snooze, consents, last visit...) free of the extra row write.
CREATE TRIGGER customers_wallet_pass_tag
  AFTER UPDATE OF "totalPoints", "name", "accountStatus" ON "customers"
  FOR EACH ROW
  WHEN (OLD."totalPoints" IS DISTINCT FROM NEW."totalPoints" OR OLD."name" IS DISTINCT FROM NEW."name" OR (OLD."accountStatus" = 'closed') IS DISTINCT FROM (NEW."accountStatus" = 'closed'))
  EXECUTE FUNCTION wallet_bump_pass_for_customer();

CREATE FUNCTION wallet_bump_pass_for_card() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  NEW."passUpdatedAt" := wallet_next_pass_tag(OLD."passUpdatedAt")\073
  RETURN NEW\073
END';

CREATE TRIGGER loyalty_cards_wallet_pass_tag
  BEFORE UPDATE OF "membershipNumber", "cardNumber" ON "loyalty_cards"
  FOR EACH ROW
  WHEN (OLD."membershipNumber" IS DISTINCT FROM NEW."membershipNumber" OR OLD."cardNumber" IS DISTINCT FROM NEW."cardNumber")
  EXECUTE FUNCTION wallet_bump_pass_for_card();
