-- CreateTable
CREATE TABLE "businesses" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "businessAddress" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "website" TEXT,
    "email" TEXT NOT NULL,
    "ownerFirstName" TEXT NOT NULL,
    "ownerLastName" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "phoneVerifiedAt" TIMESTAMP(3),
    "subscriptionStatus" TEXT NOT NULL DEFAULT 'pro_starter',
    "customerLimit" INTEGER NOT NULL DEFAULT 10,
    "subscriptionPricePence" INTEGER,
    "paymentFailedAt" TIMESTAMP(3),
    "trialEndsAt" TIMESTAMP(3),
    "downgradeRequestedAt" TIMESTAMP(3),
    "downgradeEffectiveAt" TIMESTAMP(3),
    "stripeCustomerId" TEXT,
    "stripeSubscriptionId" TEXT,
    "pointsPerPound" DECIMAL(10,3) NOT NULL DEFAULT 1,
    "redemptionValue" DECIMAL(10,3) NOT NULL DEFAULT 1,
    "minimumRedemption" INTEGER NOT NULL DEFAULT 100,
    "previousMinimumRedemption" INTEGER,
    "minimumRedemptionUpdatedAt" TIMESTAMP(3),
    "minimumRedemptionUpdatedBy" TEXT,
    "newCustomerPointsPerPound" DECIMAL(10,3) NOT NULL DEFAULT 1,
    "newCustomerRedemptionValue" DECIMAL(10,3) NOT NULL DEFAULT 1,
    "accountStatus" TEXT NOT NULL DEFAULT 'active',
    "statusChangedAt" TIMESTAMP(3),
    "statusChangedBy" TEXT,
    "isFounderMember" BOOLEAN NOT NULL DEFAULT false,
    "founderMemberGrantedAt" TIMESTAMP(3),
    "founderMemberGrantedBy" TEXT,
    "referralCode" TEXT,
    "referredByBusinessId" INTEGER,
    "emailMarketing" BOOLEAN NOT NULL DEFAULT false,
    "smsMarketing" BOOLEAN NOT NULL DEFAULT false,
    "resetTokenHash" TEXT,
    "resetExpires" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "businesses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_users" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "username" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "lastLoginAt" TIMESTAMP(3),

    CONSTRAINT "staff_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "super_admins" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastLoginAt" TIMESTAMP(3),

    CONSTRAINT "super_admins_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "businessId" INTEGER,
    "staffUserId" INTEGER,
    "superAdminId" INTEGER,
    "customerEmail" TEXT,
    "actingBusinessId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "customers" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "dateOfBirth" DATE,
    "address" TEXT,
    "postcode" TEXT,
    "membershipNumber" TEXT NOT NULL,
    "totalPoints" INTEGER NOT NULL DEFAULT 0,
    "lifetimeSpentPence" INTEGER NOT NULL DEFAULT 0,
    "lastVisit" TIMESTAMP(3),
    "accountStatus" TEXT NOT NULL DEFAULT 'active',
    "sleepStatus" TEXT NOT NULL DEFAULT 'active',
    "snoozedAt" TIMESTAMP(3),
    "closedAt" TIMESTAMP(3),
    "closedBy" TEXT,
    "marketingConsentEmail" BOOLEAN NOT NULL DEFAULT false,
    "marketingConsentSms" BOOLEAN NOT NULL DEFAULT false,
    "marketingConsentPhone" BOOLEAN NOT NULL DEFAULT false,
    "marketingPreferencesLastUpdatedBy" TEXT,
    "marketingPreferencesLastUpdatedAt" TIMESTAMP(3),
    "pointsPerPound" DECIMAL(10,3) NOT NULL DEFAULT 1,
    "redemptionValue" DECIMAL(10,3) NOT NULL DEFAULT 1,
    "minimumRedemption" INTEGER NOT NULL DEFAULT 100,
    "parkedAt" TIMESTAMP(3),
    "parkedReason" TEXT,
    "scheduledDeletionAt" TIMESTAMP(3),
    "hasBeenReactivated" BOOLEAN NOT NULL DEFAULT false,
    "welcomeEmailSentAt" TIMESTAMP(3),
    "membershipConfirmedAt" TIMESTAMP(3),
    "confirmationTokenHash" TEXT,
    "phoneVerifiedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "loyalty_cards" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "customerId" INTEGER NOT NULL,
    "membershipNumber" TEXT NOT NULL,
    "cardNumber" TEXT NOT NULL,
    "passkitStatus" TEXT NOT NULL DEFAULT 'pending',
    "passUrl" TEXT,
    "applePassUrl" TEXT,
    "googlePassUrl" TEXT,
    "appleAuthToken" TEXT,
    "googleObjectId" TEXT,
    "passUpdatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "lastPushAt" TIMESTAMP(3),
    "lastPushError" TEXT,
    "googleNotifyCount" INTEGER NOT NULL DEFAULT 0,
    "googleNotifyDay" DATE,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "loyalty_cards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wallet_device_registrations" (
    "id" SERIAL NOT NULL,
    "loyaltyCardId" INTEGER NOT NULL,
    "deviceLibraryIdentifier" TEXT NOT NULL,
    "passTypeIdentifier" TEXT NOT NULL,
    "pushToken" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "wallet_device_registrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transactions" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "customerId" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "amountPence" INTEGER NOT NULL DEFAULT 0,
    "description" TEXT,
    "pointsEarned" INTEGER NOT NULL DEFAULT 0,
    "pointsRedeemed" INTEGER NOT NULL DEFAULT 0,
    "promoCode" TEXT,
    "discountPence" INTEGER NOT NULL DEFAULT 0,
    "voucherId" INTEGER,
    "recipientCustomerId" INTEGER,
    "actorType" TEXT NOT NULL,
    "actorId" INTEGER,
    "actorName" TEXT,
    "deletedAt" TIMESTAMP(3),
    "deleteReason" TEXT,
    "deleteCustomReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "points_ledger" (
    "id" BIGSERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "customerId" INTEGER NOT NULL,
    "transactionId" INTEGER,
    "kind" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "amountPence" INTEGER NOT NULL DEFAULT 0,
    "balanceAfter" INTEGER NOT NULL,
    "reason" TEXT,
    "actorType" TEXT NOT NULL,
    "actorId" INTEGER,
    "actorName" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "points_ledger_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_changes" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "customerId" INTEGER,
    "scope" TEXT NOT NULL,
    "oldValues" JSONB NOT NULL,
    "newValues" JSONB NOT NULL,
    "reason" TEXT,
    "changedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rate_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vouchers" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "customerId" INTEGER NOT NULL,
    "batchId" TEXT NOT NULL,
    "promoCode" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "discountType" TEXT NOT NULL,
    "discountValue" DECIMAL(10,2) NOT NULL,
    "minSpendPence" INTEGER,
    "maxDiscountPence" INTEGER,
    "expiresAt" TIMESTAMP(3),
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "status" TEXT NOT NULL DEFAULT 'active',
    "sentByEmail" BOOLEAN NOT NULL DEFAULT false,
    "sentBySms" BOOLEAN NOT NULL DEFAULT false,
    "redeemedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "vouchers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verification_codes" (
    "id" SERIAL NOT NULL,
    "purpose" TEXT NOT NULL,
    "businessId" INTEGER,
    "target" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "payload" JSONB,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "sendCount" INTEGER NOT NULL DEFAULT 1,
    "lastSentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "consumedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "verification_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbound_messages" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER,
    "customerId" INTEGER,
    "channel" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "emailType" TEXT,
    "subject" TEXT,
    "html" TEXT,
    "text" TEXT,
    "provider" TEXT NOT NULL,
    "simulated" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL,
    "providerMessageId" TEXT,
    "error" TEXT,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbound_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "activity_logs" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER,
    "actorType" TEXT NOT NULL,
    "actorId" INTEGER,
    "actorName" TEXT,
    "action" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "tableName" TEXT,
    "recordId" TEXT,
    "oldValues" JSONB,
    "newValues" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "activity_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "setup_steps" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "stepId" TEXT NOT NULL,
    "completedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "setup_steps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "system_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "signupsEnabled" BOOLEAN NOT NULL DEFAULT true,
    "pinProtectionEnabled" BOOLEAN NOT NULL DEFAULT false,
    "signupPin" TEXT,
    "defaultSubscriptionPricePence" INTEGER NOT NULL DEFAULT 2100,
    "maintenanceMode" BOOLEAN NOT NULL DEFAULT false,
    "bannerEnabled" BOOLEAN NOT NULL DEFAULT false,
    "bannerTitle" TEXT,
    "bannerText" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedBy" TEXT,

    CONSTRAINT "system_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_sessions" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "subject" TEXT NOT NULL,
    "sessionType" TEXT NOT NULL DEFAULT 'message',
    "status" TEXT NOT NULL DEFAULT 'active',
    "lastActivityAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_messages" (
    "id" SERIAL NOT NULL,
    "sessionId" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "messageType" TEXT NOT NULL DEFAULT 'human_support',
    "isUser" BOOLEAN NOT NULL,
    "senderName" TEXT,
    "metadata" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "admin_messages" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "adminId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "admin_message_reads" (
    "messageId" INTEGER NOT NULL,
    "businessId" INTEGER NOT NULL,
    "readAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_message_reads_pkey" PRIMARY KEY ("messageId","businessId")
);

-- CreateTable
CREATE TABLE "referrals" (
    "id" SERIAL NOT NULL,
    "referrerBusinessId" INTEGER NOT NULL,
    "referredBusinessId" INTEGER NOT NULL,
    "trialDays" INTEGER NOT NULL DEFAULT 28,
    "trialStartedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "trialEndsAt" TIMESTAMP(3) NOT NULL,
    "trialStatus" TEXT NOT NULL DEFAULT 'active',
    "convertedAt" TIMESTAMP(3),

    CONSTRAINT "referrals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processed_webhook_events" (
    "id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "processedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limit_buckets" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "job_runs" (
    "name" TEXT NOT NULL,
    "leaseUntil" TIMESTAMP(3),
    "leaseHolder" TEXT,
    "lastStartedAt" TIMESTAMP(3),
    "lastFinishedAt" TIMESTAMP(3),
    "lastResult" JSONB,
    "lastError" TEXT,

    CONSTRAINT "job_runs_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "businesses_email_key" ON "businesses"("email");

-- CreateIndex
CREATE UNIQUE INDEX "businesses_stripeCustomerId_key" ON "businesses"("stripeCustomerId");

-- CreateIndex
CREATE UNIQUE INDEX "businesses_stripeSubscriptionId_key" ON "businesses"("stripeSubscriptionId");

-- CreateIndex
CREATE UNIQUE INDEX "businesses_referralCode_key" ON "businesses"("referralCode");

-- CreateIndex
CREATE UNIQUE INDEX "businesses_resetTokenHash_key" ON "businesses"("resetTokenHash");

-- CreateIndex
CREATE INDEX "businesses_accountStatus_idx" ON "businesses"("accountStatus");

-- CreateIndex
CREATE INDEX "businesses_subscriptionStatus_idx" ON "businesses"("subscriptionStatus");

-- CreateIndex
CREATE INDEX "businesses_createdAt_idx" ON "businesses"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "staff_users_businessId_username_key" ON "staff_users"("businessId", "username");

-- CreateIndex
CREATE UNIQUE INDEX "super_admins_email_key" ON "super_admins"("email");

-- CreateIndex
CREATE INDEX "sessions_businessId_idx" ON "sessions"("businessId");

-- CreateIndex
CREATE INDEX "sessions_expiresAt_idx" ON "sessions"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "customers_membershipNumber_key" ON "customers"("membershipNumber");

-- CreateIndex
CREATE UNIQUE INDEX "customers_confirmationTokenHash_key" ON "customers"("confirmationTokenHash");

-- CreateIndex
CREATE INDEX "customers_businessId_createdAt_idx" ON "customers"("businessId", "createdAt");

-- CreateIndex
CREATE INDEX "customers_businessId_lastVisit_idx" ON "customers"("businessId", "lastVisit");

-- CreateIndex
CREATE INDEX "customers_businessId_lifetimeSpentPence_idx" ON "customers"("businessId", "lifetimeSpentPence");

-- CreateIndex
CREATE INDEX "customers_businessId_parkedAt_idx" ON "customers"("businessId", "parkedAt");

-- CreateIndex
CREATE INDEX "customers_email_idx" ON "customers"("email");

-- CreateIndex
CREATE UNIQUE INDEX "customers_businessId_email_key" ON "customers"("businessId", "email");

-- CreateIndex
CREATE UNIQUE INDEX "customers_businessId_phone_key" ON "customers"("businessId", "phone");

-- CreateIndex
CREATE UNIQUE INDEX "loyalty_cards_customerId_key" ON "loyalty_cards"("customerId");

-- CreateIndex
CREATE UNIQUE INDEX "loyalty_cards_membershipNumber_key" ON "loyalty_cards"("membershipNumber");

-- CreateIndex
CREATE UNIQUE INDEX "loyalty_cards_cardNumber_key" ON "loyalty_cards"("cardNumber");

-- CreateIndex
CREATE INDEX "loyalty_cards_businessId_passkitStatus_idx" ON "loyalty_cards"("businessId", "passkitStatus");

-- CreateIndex
CREATE INDEX "wallet_device_registrations_loyaltyCardId_idx" ON "wallet_device_registrations"("loyaltyCardId");

-- CreateIndex
CREATE UNIQUE INDEX "wallet_device_registrations_deviceLibraryIdentifier_passTyp_key" ON "wallet_device_registrations"("deviceLibraryIdentifier", "passTypeIdentifier", "loyaltyCardId");

-- CreateIndex
CREATE INDEX "transactions_businessId_createdAt_idx" ON "transactions"("businessId", "createdAt");

-- CreateIndex
CREATE INDEX "transactions_businessId_customerId_createdAt_idx" ON "transactions"("businessId", "customerId", "createdAt");

-- CreateIndex
CREATE INDEX "transactions_businessId_type_createdAt_idx" ON "transactions"("businessId", "type", "createdAt");

-- CreateIndex
CREATE INDEX "points_ledger_businessId_createdAt_idx" ON "points_ledger"("businessId", "createdAt");

-- CreateIndex
CREATE INDEX "points_ledger_customerId_id_idx" ON "points_ledger"("customerId", "id");

-- CreateIndex
CREATE INDEX "points_ledger_transactionId_idx" ON "points_ledger"("transactionId");

-- CreateIndex
CREATE INDEX "rate_changes_businessId_scope_createdAt_idx" ON "rate_changes"("businessId", "scope", "createdAt");

-- CreateIndex
CREATE INDEX "vouchers_businessId_createdAt_idx" ON "vouchers"("businessId", "createdAt");

-- CreateIndex
CREATE INDEX "vouchers_businessId_customerId_createdAt_idx" ON "vouchers"("businessId", "customerId", "createdAt");

-- CreateIndex
CREATE INDEX "vouchers_businessId_promoCode_idx" ON "vouchers"("businessId", "promoCode");

-- CreateIndex
CREATE INDEX "verification_codes_purpose_target_businessId_idx" ON "verification_codes"("purpose", "target", "businessId");

-- CreateIndex
CREATE INDEX "verification_codes_expiresAt_idx" ON "verification_codes"("expiresAt");

-- CreateIndex
CREATE INDEX "outbound_messages_businessId_channel_sentAt_idx" ON "outbound_messages"("businessId", "channel", "sentAt");

-- CreateIndex
CREATE INDEX "outbound_messages_channel_simulated_sentAt_idx" ON "outbound_messages"("channel", "simulated", "sentAt");

-- CreateIndex
CREATE INDEX "outbound_messages_recipient_channel_sentAt_idx" ON "outbound_messages"("recipient", "channel", "sentAt");

-- CreateIndex
CREATE INDEX "activity_logs_businessId_createdAt_idx" ON "activity_logs"("businessId", "createdAt");

-- CreateIndex
CREATE INDEX "activity_logs_actorType_createdAt_idx" ON "activity_logs"("actorType", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "setup_steps_businessId_stepId_key" ON "setup_steps"("businessId", "stepId");

-- CreateIndex
CREATE INDEX "chat_sessions_businessId_lastActivityAt_idx" ON "chat_sessions"("businessId", "lastActivityAt");

-- CreateIndex
CREATE INDEX "chat_sessions_status_lastActivityAt_idx" ON "chat_sessions"("status", "lastActivityAt");

-- CreateIndex
CREATE INDEX "chat_messages_sessionId_createdAt_idx" ON "chat_messages"("sessionId", "createdAt");

-- CreateIndex
CREATE INDEX "admin_message_reads_businessId_idx" ON "admin_message_reads"("businessId");

-- CreateIndex
CREATE UNIQUE INDEX "referrals_referredBusinessId_key" ON "referrals"("referredBusinessId");

-- CreateIndex
CREATE INDEX "referrals_referrerBusinessId_idx" ON "referrals"("referrerBusinessId");

-- CreateIndex
CREATE INDEX "referrals_trialStatus_trialEndsAt_idx" ON "referrals"("trialStatus", "trialEndsAt");

-- CreateIndex
CREATE INDEX "rate_limit_buckets_windowStart_idx" ON "rate_limit_buckets"("windowStart");

-- AddForeignKey
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_referredByBusinessId_fkey" FOREIGN KEY ("referredByBusinessId") REFERENCES "businesses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_staffUserId_fkey" FOREIGN KEY ("staffUserId") REFERENCES "staff_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_superAdminId_fkey" FOREIGN KEY ("superAdminId") REFERENCES "super_admins"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customers" ADD CONSTRAINT "customers_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wallet_device_registrations" ADD CONSTRAINT "wallet_device_registrations_loyaltyCardId_fkey" FOREIGN KEY ("loyaltyCardId") REFERENCES "loyalty_cards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_recipientCustomerId_fkey" FOREIGN KEY ("recipientCustomerId") REFERENCES "customers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_voucherId_fkey" FOREIGN KEY ("voucherId") REFERENCES "vouchers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_transactionId_fkey" FOREIGN KEY ("transactionId") REFERENCES "transactions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rate_changes" ADD CONSTRAINT "rate_changes_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rate_changes" ADD CONSTRAINT "rate_changes_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "setup_steps" ADD CONSTRAINT "setup_steps_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "chat_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "admin_messages" ADD CONSTRAINT "admin_messages_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "super_admins"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "admin_message_reads" ADD CONSTRAINT "admin_message_reads_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "admin_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "admin_message_reads" ADD CONSTRAINT "admin_message_reads_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrerBusinessId_fkey" FOREIGN KEY ("referrerBusinessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referredBusinessId_fkey" FOREIGN KEY ("referredBusinessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;
