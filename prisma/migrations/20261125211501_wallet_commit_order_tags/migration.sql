-- Issue 18: live wallet passes that never miss an update.
-- NOTE: the migration runner splits scripts at every semicolon character, so no comment here has one
-- and PL/pgSQL bodies are E'' strings whose semicolons are written as the escape \073.
--
-- 1. "passTag": the update tag of Apple's pass web service, a number from a sequence taken at COMMIT
-- time by a deferred constraint trigger while holding one transaction-scoped advisory lock. The lock
-- is released only after the commit is visible, so tags are handed out in commit order: a change
-- that is not yet visible to a reader always gets a larger tag than every change the reader can see,
-- and "passTag > the device's tag" can never skip it. The sequence starts above every epoch-ms tag
-- of the old clock-based scheme (those are read as no tag, so such a device gets every pass once).
-- "passUpdatedAt" is now also written at commit time (Last-Modified), strictly later than before
-- but never pushed into a later second.

CREATE SEQUENCE "wallet_pass_tag_seq" START WITH 10000000000000;

ALTER TABLE "loyalty_cards"
  ADD COLUMN "passTag" BIGINT,
  ADD COLUMN "applePushAttempts" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "appleNextPushAt" TIMESTAMP(3),
  ADD COLUMN "applePushError" TEXT,
  ADD COLUMN "googlePushAttempts" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "googleNextPushAt" TIMESTAMP(3),
  ADD COLUMN "googlePushError" TEXT;

-- Existing passes keep their order.
UPDATE "loyalty_cards" c SET "passTag" = o.tag
  FROM (SELECT id, nextval('wallet_pass_tag_seq') AS tag FROM (SELECT id FROM "loyalty_cards" ORDER BY "passUpdatedAt", id) ordered) o
  WHERE c.id = o.id;

ALTER TABLE "loyalty_cards" ALTER COLUMN "passTag" SET DEFAULT nextval('wallet_pass_tag_seq'), ALTER COLUMN "passTag" SET NOT NULL;
ALTER SEQUENCE "wallet_pass_tag_seq" OWNED BY "loyalty_cards"."passTag";

-- 2. Apple and Google keep their own retry counters and backoff: the old shared ones seed both.
UPDATE "loyalty_cards" SET "applePushAttempts" = "pushAttempts", "appleNextPushAt" = "nextPushAt", "googlePushAttempts" = "pushAttempts", "googleNextPushAt" = "nextPushAt"
  WHERE "pushAttempts" > 0;

-- 3. Configuration errors from APNs or Google (wrong topic, certificate, key...), one row per
-- provider and configuration, for the super admin's wallet-pass monitor.
CREATE TABLE "wallet_push_problems" (
  "provider" TEXT NOT NULL,
  "configKey" TEXT NOT NULL,
  "status" INTEGER,
  "reason" TEXT NOT NULL,
  "message" TEXT NOT NULL,
  "occurrences" INTEGER NOT NULL DEFAULT 1,
  "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "resolvedAt" TIMESTAMP(3),
  CONSTRAINT "wallet_push_problems_pkey" PRIMARY KEY ("provider", "configKey")
);

-- The per-row timestamp: strictly later than the previous one (by a millisecond at most when two
-- commits share a millisecond), never a whole second ahead of the clock as before.
CREATE OR REPLACE FUNCTION wallet_next_pass_tag(previous TIMESTAMP(3)) RETURNS TIMESTAMP(3) LANGUAGE sql VOLATILE AS $$
  SELECT GREATEST(date_trunc('milliseconds', clock_timestamp() AT TIME ZONE 'UTC'), previous + interval '1 millisecond')::timestamp(3)
$$;

-- At commit: one lock for every pass-changing commit (two-number key 18, 1: issue 18, lock 1),
-- then the tag. The UPDATE sets passTag, which the WHEN
-- clause below excludes, so it does not queue itself again.
CREATE FUNCTION wallet_tag_pass_at_commit() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_advisory_xact_lock(18, 1)\073
  UPDATE "loyalty_cards" SET "passTag" = nextval(''wallet_pass_tag_seq''), "passUpdatedAt" = wallet_next_pass_tag("passUpdatedAt") WHERE id = NEW.id\073
  RETURN NULL\073
END';

-- Fires for every change of what a pass shows: the customer trigger and the card trigger of the
-- issue 9 migration move passUpdatedAt in the changing statement, issuing a pass sets it.
CREATE CONSTRAINT TRIGGER loyalty_cards_pass_tag_at_commit
  AFTER UPDATE ON "loyalty_cards"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD."passUpdatedAt" IS DISTINCT FROM NEW."passUpdatedAt" AND OLD."passTag" IS NOT DISTINCT FROM NEW."passTag")
  EXECUTE FUNCTION wallet_tag_pass_at_commit();
