-- Issue 23: the wallet's commit-order lock only where a device can ask for the tag.
-- NOTE: the migration runner splits scripts at every semicolon character, so no comment here has one
-- and PL/pgSQL bodies are E'' strings whose semicolons are written as the escape \073.
--
-- Migration 20261125211501 takes pg_advisory_xact_lock(18, 1) at the commit of every pass-changing
-- transaction, so that passTag is handed out in commit order. That order is read by one query only:
-- Apple's "serial numbers updated since a tag", which lists the cards REGISTERED on the asking
-- device. A card with no registration is never listed, so its tag needs no order - but every
-- purchase changes a pass (the balance), so the lock made every purchase of the platform commit
-- in turn (pgbench, 10 clients, the purchase statement alone: 100-109 vs 310-340 per second).
--
-- Now: the commit-time trigger takes the lock only when the card has a device registration. A
-- card without one still gets a new tag and passUpdatedAt at commit, in no particular order. When a
-- device registers a card, a second commit-time trigger re-tags that card in commit order: it first
-- locks the card's row (so it waits for any change of the card still in flight, which holds that
-- row since its changing statement), then the same advisory lock, then a new tag. So every change
-- a registered device could have missed commits before the registration's tag, which is larger
-- than every tag the device has seen, and the device's next list names the card. A change that
-- checks for registrations after one committed takes the lock as before. The lock order is always
-- row, then advisory lock (as for a change), so the two cannot deadlock.
-- The re-tag moves passTag only: no content changed, so no push and no Last-Modified change.

CREATE OR REPLACE FUNCTION wallet_tag_pass_at_commit() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF EXISTS (SELECT 1 FROM "wallet_device_registrations" WHERE "loyaltyCardId" = NEW.id) THEN
    PERFORM pg_advisory_xact_lock(18, 1)\073
  END IF\073
  UPDATE "loyalty_cards" SET "passTag" = nextval(''wallet_pass_tag_seq''), "passUpdatedAt" = wallet_next_pass_tag("passUpdatedAt") WHERE id = NEW.id\073
  RETURN NULL\073
END';

CREATE FUNCTION wallet_tag_registered_pass_at_commit() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM 1 FROM "loyalty_cards" WHERE id = NEW."loyaltyCardId" FOR UPDATE\073
  PERFORM pg_advisory_xact_lock(18, 1)\073
  UPDATE "loyalty_cards" SET "passTag" = nextval(''wallet_pass_tag_seq'') WHERE id = NEW."loyaltyCardId"\073
  RETURN NULL\073
END';

CREATE CONSTRAINT TRIGGER wallet_device_registrations_tag_at_commit
  AFTER INSERT ON "wallet_device_registrations"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION wallet_tag_registered_pass_at_commit();
