-- Issue 17: the ledger's "never negative" rule, also as a constraint of the database (the ledger
-- module's guarded statements already keep to it, so this only stops a future mistake).
-- NOT VALID then VALIDATE: no long lock on a large customers table, and existing rows are checked.
ALTER TABLE "customers" ADD CONSTRAINT "customers_totalPoints_nonnegative" CHECK ("totalPoints" >= 0) NOT VALID;
ALTER TABLE "customers" VALIDATE CONSTRAINT "customers_totalPoints_nonnegative";
ALTER TABLE "customers" ADD CONSTRAINT "customers_lifetimeSpentPence_nonnegative" CHECK ("lifetimeSpentPence" >= 0) NOT VALID;
ALTER TABLE "customers" VALIDATE CONSTRAINT "customers_lifetimeSpentPence_nonnegative";
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_balanceAfter_nonnegative" CHECK ("balanceAfter" >= 0) NOT VALID;
ALTER TABLE "points_ledger" VALIDATE CONSTRAINT "points_ledger_balanceAfter_nonnegative";
