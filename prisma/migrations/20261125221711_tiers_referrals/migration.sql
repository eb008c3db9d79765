-- Issue 26: VIP tiers and refer-a-friend. Additive: new nullable/defaulted columns and new tables.
ALTER TABLE "customers" ADD COLUMN "tierName" TEXT,
  ADD COLUMN "earnMultiplier" DECIMAL(6,3) NOT NULL DEFAULT 1,
  ADD COLUMN "tierReviewAt" TIMESTAMP(3),
  ADD COLUMN "referralCode" TEXT;
CREATE UNIQUE INDEX "customers_referralCode_key" ON "customers"("referralCode");

CREATE TABLE "tier_settings" (
  "businessId" INTEGER NOT NULL,
  "enabled" BOOLEAN NOT NULL DEFAULT false,
  "basis" TEXT NOT NULL DEFAULT 'lifetime_points',
  "tiers" JSONB NOT NULL,
  "updatedAt" TIMESTAMP(3) NOT NULL,
  CONSTRAINT "tier_settings_pkey" PRIMARY KEY ("businessId")
);
ALTER TABLE "tier_settings" ADD CONSTRAINT "tier_settings_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "tier_changes" (
  "id" SERIAL NOT NULL,
  "businessId" INTEGER NOT NULL,
  "customerId" INTEGER NOT NULL,
  "fromTier" TEXT,
  "toTier" TEXT,
  "direction" TEXT NOT NULL,
  "reason" TEXT NOT NULL,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "tier_changes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "tier_changes_businessId_customerId_createdAt_idx" ON "tier_changes"("businessId", "customerId", "createdAt");

CREATE TABLE "customer_referral_settings" (
  "businessId" INTEGER NOT NULL,
  "enabled" BOOLEAN NOT NULL DEFAULT false,
  "bonusPoints" INTEGER NOT NULL DEFAULT 50,
  "monthlyCap" INTEGER NOT NULL DEFAULT 5,
  "updatedAt" TIMESTAMP(3) NOT NULL,
  CONSTRAINT "customer_referral_settings_pkey" PRIMARY KEY ("businessId")
);
ALTER TABLE "customer_referral_settings" ADD CONSTRAINT "customer_referral_settings_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "customer_referrals" (
  "id" SERIAL NOT NULL,
  "businessId" INTEGER NOT NULL,
  "referrerId" INTEGER NOT NULL,
  "friendId" INTEGER,
  "friendName" TEXT NOT NULL,
  "friendEmail" TEXT NOT NULL,
  "friendPhone" TEXT NOT NULL,
  "deviceHash" TEXT,
  "status" TEXT NOT NULL DEFAULT 'pending',
  "note" TEXT,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "rewardedAt" TIMESTAMP(3),
  CONSTRAINT "customer_referrals_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "customer_referrals_friendId_key" ON "customer_referrals"("friendId");
CREATE INDEX "customer_referrals_businessId_referrerId_createdAt_idx" ON "customer_referrals"("businessId", "referrerId", "createdAt");
CREATE INDEX "customer_referrals_businessId_friendEmail_idx" ON "customer_referrals"("businessId", "friendEmail");
CREATE INDEX "customer_referrals_businessId_friendPhone_idx" ON "customer_referrals"("businessId", "friendPhone");
CREATE INDEX "customer_referrals_businessId_deviceHash_idx" ON "customer_referrals"("businessId", "deviceHash");

-- The wallet pass shows the tier and the referral code: a change of either moves the pass's tag
-- (same function as the balance/name trigger of 20261123190500_wallet_live_passes).
CREATE TRIGGER customers_wallet_pass_tier
  AFTER UPDATE OF "tierName", "referralCode" ON "customers"
  FOR EACH ROW
  WHEN (OLD."tierName" IS DISTINCT FROM NEW."tierName" OR OLD."referralCode" IS DISTINCT FROM NEW."referralCode")
  EXECUTE FUNCTION wallet_bump_pass_for_customer();
