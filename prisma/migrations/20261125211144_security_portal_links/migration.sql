-- Issue 19: portal links bound to one customer record and purpose (stored hashed, single use,
-- revoked on closure), and portal sessions opened by such a link scoped to that one customer.
ALTER TABLE "sessions" ADD COLUMN "customerId" INTEGER;

CREATE TABLE "portal_links" (
    "id" SERIAL NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "customerId" INTEGER NOT NULL,
    "purpose" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    CONSTRAINT "portal_links_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "portal_links_tokenHash_key" ON "portal_links"("tokenHash");
CREATE INDEX "portal_links_customerId_idx" ON "portal_links"("customerId");
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
