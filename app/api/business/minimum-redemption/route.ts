import { businessRoute } from "@/lib/api/route";
import { minimumRedemptionSchema } from "@/lib/validation/rates";
import { updateMinimumRedemption } from "@/lib/rates/update-minimum-redemption";

// PUT /api/business/minimum-redemption - set the minimum redemption for the business and all its customers at once
export const PUT = businessRoute({ body: minimumRedemptionSchema }, ({ auth, body, now }) => updateMinimumRedemption(auth, body.minimumRedemption, now));
