"use client";

import { Explainer } from "@/components/ui/explainer";
import { POINTS_EXPLAINER_TITLES as TITLES } from "@/components/points/points-hub-parts";

// Spec 2 section 2.5: "learn about points" (its open state kept for the browser session) and
// "understanding points configuration".

export const LEARN_ABOUT_POINTS_KEY = "points:explainer:learn-about-points";

export function LearnAboutPoints() {
  return (
    <Explainer title={TITLES.learn} storageKey={LEARN_ABOUT_POINTS_KEY}>
      <p>
        customers earn points every time they buy from you. with 1 point per £1, a £4.50 coffee earns 4 points (points are
        always rounded down).
      </p>
      <p>
        points are worth money off when redeemed. the value is set per 100 points: £1.00 per 100 points means each point
        is worth £0.01, so 250 points take £2.50 off.
      </p>
      <p>the minimum redemption is the fewest points a customer can redeem in one go.</p>
    </Explainer>
  );
}

export function UnderstandingPointsConfiguration() {
  return (
    <Explainer title={TITLES.understanding}>
      <p>
        <strong className="text-foreground">current system configuration</strong> is your programme&apos;s standard earning
        rate, point value and minimum redemption.
      </p>
      <p>
        <strong className="text-foreground">new member starting rates</strong> are copied onto every customer you add from
        now on. changing them does not touch existing customers.
      </p>
      <p>
        <strong className="text-foreground">individual rates</strong> reward a regular with their own earning rate, point
        value or minimum. closed, snoozed, asleep and scheduled-for-deletion accounts cannot have rate changes.
      </p>
      <p>
        a change to the <strong className="text-foreground">minimum redemption</strong> applies to all customers
        immediately. rate changes to new members and individual customers need your password, and every change is kept
        in the rate change audit log.
      </p>
    </Explainer>
  );
}
