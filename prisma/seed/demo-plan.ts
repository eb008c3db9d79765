// The demo business's customers and their history, planned in memory (no database) from a seeded
// PRNG: about 4 months of visits ending at `now`, so the dashboard always looks current. Every
// points movement is an event carrying its signed points and the balance after it; a customer's
// totals are derived from their events, so the ledger invariant holds by construction.
import { generateMembershipNumber } from "../../lib/rules/membership-number";
import { BONUS_REASONS, BRISTOL_STREETS, CUSTOMER_NAMES, EMAIL_DOMAINS, VOUCHER_BATCHES, type VoucherBatchSpec } from "./demo-data";
import { createRng, type Rng } from "./random";

const PLAN_SEED = 0xc0ffee;
const MINUTE = 60_000;
const DAY = 86_400_000;
const MIN_REDEMPTION = 100;
const REDEMPTION_VALUE_MILLI = 1000; // £1.00 per 100 points: 1 point = 1p
const VIP_POINTS_PER_POUND_MILLI = 1500;

export type SleepStatus = "active" | "asleep" | "scheduled_deletion";
export type EventType = "purchase" | "points_redemption" | "bonus_points";

export type PlannedVoucher = {
  spec: VoucherBatchSpec;
  createdAt: Date;
  expiresAt: Date;
  status: "active" | "redeemed" | "expired";
  redeemedAt: Date | null;
};

export type PlannedEvent = {
  at: Date;
  type: EventType;
  amountPence: number; // purchase: the amount paid (after any voucher discount); redemption: its value
  discountPence: number;
  points: number; // signed ledger movement
  balanceAfter: number;
  description: string;
  voucher: PlannedVoucher | null;
};

export type PlannedCustomer = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: Date | null;
  address: string | null;
  postcode: string | null;
  membershipNumber: string;
  cardNumber: string;
  consentEmail: boolean;
  consentSms: boolean;
  consentPhone: boolean;
  pointsPerPoundMilli: number;
  createdAt: Date;
  sleepStatus: SleepStatus;
  events: PlannedEvent[];
  vouchers: PlannedVoucher[];
  totalPoints: number;
  lifetimeSpentPence: number;
  lastVisit: Date | null;
};

export type DemoPlan = { businessCreatedAt: Date; customers: PlannedCustomer[] };

type Visit = { at: Date; voucher: PlannedVoucher | null };
type Draft = Omit<PlannedCustomer, "events" | "totalPoints" | "lifetimeSpentPence" | "lastVisit"> & { visits: Visit[] };

export function buildDemoPlan(now: Date): DemoPlan {
  const rng = createRng(PLAN_SEED);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // A time on an earlier day (daysAgo >= 1 keeps every event in the past), in opening hours.
  const dayAt = (daysAgo: number, minute = rng.int(7 * 60 + 30, 17 * 60 + 30)) => new Date(today - daysAgo * DAY + minute * MINUTE);

  const drafts = draftCustomers(rng, dayAt);
  for (const spec of VOUCHER_BATCHES) assignVouchers(rng, spec, drafts, today, now);
  const customers = drafts.map(({ visits, ...c }) => simulate(rng, c, visits));
  return { businessCreatedAt: dayAt(200, 8 * 60), customers };
}

function draftCustomers(rng: Rng, dayAt: (daysAgo: number, minute?: number) => Date): Draft[] {
  const count = CUSTOMER_NAMES.length;
  const order = rng.shuffle([...Array(count).keys()]);
  const phones = rng.shuffle([...Array(1000).keys()]);
  const numbers = new Set<string>();
  const uniqueNumber = () => {
    let n: string;
    do n = generateMembershipNumber(rng.next);
    while (numbers.has(n));
    numbers.add(n);
    return n;
  };

  return CUSTOMER_NAMES.map(([firstName, lastName], i) => {
    const rank = order.indexOf(i);
    const sleepStatus: SleepStatus = rank < 1 ? "scheduled_deletion" : rank < 4 ? "asleep" : "active";
    // Days since the last visit: over 3 months is asleep, over 5 is due for deletion.
    const lastVisitDaysAgo =
      sleepStatus === "scheduled_deletion" ? rng.int(155, 170) : sleepStatus === "asleep" ? rng.int(100, 140) : rng.int(1, 40);
    const joinedDaysAgo = sleepStatus === "active" ? rng.int(lastVisitDaysAgo, 125) : lastVisitDaysAgo + rng.int(10, 40);
    const [gapMin, gapMax] = rng.pick([[2, 4], [3, 6], [5, 9], [10, 21]] as const);

    const days = [joinedDaysAgo];
    for (let d = joinedDaysAgo - rng.int(gapMin, gapMax); d > lastVisitDaysAgo; d -= rng.int(gapMin, gapMax)) days.push(d);
    if (days[days.length - 1] !== lastVisitDaysAgo) days.push(lastVisitDaysAgo);
    const visits: Visit[] = days.map((d) => ({ at: dayAt(d), voucher: null }));
    const createdAt = new Date(visits[0].at.getTime() - rng.int(2, 10) * MINUTE);

    const slug = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");
    const [street, district] = rng.pick(BRISTOL_STREETS);
    const hasAddress = rng.chance(0.6);
    const letters = "ABDEFGHJLNPQRSTUWXYZ";
    return {
      firstName,
      lastName,
      email: `${slug(firstName)}.${slug(lastName)}${rng.chance(0.25) ? rng.int(1, 99) : ""}@${rng.pick(EMAIL_DOMAINS)}`,
      phone: `+447700${900000 + phones[i]}`,
      dateOfBirth: rng.chance(0.7) ? new Date(Date.UTC(rng.int(1962, 2004), rng.int(0, 11), rng.int(1, 28))) : null,
      address: hasAddress ? `${rng.int(1, 220)} ${street}, Bristol` : null,
      postcode: hasAddress ? `${district} ${rng.int(1, 9)}${rng.pick([...letters])}${rng.pick([...letters])}` : null,
      membershipNumber: uniqueNumber(),
      cardNumber: `LC-${uniqueNumber()}`,
      consentEmail: rng.chance(0.8),
      consentSms: rng.chance(0.35),
      consentPhone: rng.chance(0.15),
      pointsPerPoundMilli: rank === 4 ? VIP_POINTS_PER_POUND_MILLI : 1000,
      createdAt,
      sleepStatus,
      vouchers: [],
      visits,
    };
  });
}

/** Sends one batch to its audience and decides, visit by visit, who used it. */
function assignVouchers(rng: Rng, spec: VoucherBatchSpec, drafts: Draft[], today: number, now: Date) {
  const createdAt = new Date(today - spec.createdDaysAgo * DAY + 9 * 60 * MINUTE);
  const expiresAt = new Date(today + spec.expiresInDays * DAY + (24 * 60 - 1) * MINUTE);
  // Vouchers go only to customers who consented to email and are not asleep.
  let audience = drafts.filter((c) => c.consentEmail && c.sleepStatus === "active" && c.createdAt < createdAt);
  if (spec.audience === "top_spenders") audience = [...audience].sort((a, b) => b.visits.length - a.visits.length).slice(0, 8);

  for (const c of audience) {
    const voucher: PlannedVoucher = { spec, createdAt, expiresAt, status: expiresAt < now ? "expired" : "active", redeemedAt: null };
    const candidates = c.visits.filter((v) => !v.voucher && v.at > createdAt && v.at < expiresAt && v.at < now);
    if (candidates.length && rng.chance(spec.redeemChance)) {
      const visit = rng.pick(candidates);
      visit.voucher = voucher;
      voucher.status = "redeemed";
    }
    c.vouchers.push(voucher);
  }
}

const SMALL = ["Flat white", "Americano", "Cappuccino", "Pot of tea", "Hot chocolate", "Oat latte"];
const MEDIUM = ["Latte and croissant", "Cappuccino and cake", "Flat white and banana bread", "Breakfast bap and tea", "Two coffees"];
const LARGE = ["Coffee beans 250g and a latte", "Team coffee order", "Brunch for two", "Office coffee run"];

/** Turns visits into transactions: an optional redemption, the purchase, an occasional bonus. */
function simulate(rng: Rng, c: Omit<Draft, "visits">, visits: Visit[]): PlannedCustomer {
  const events: PlannedEvent[] = [];
  let balance = 0;
  const add = (e: Omit<PlannedEvent, "balanceAfter">) => {
    balance += e.points;
    events.push({ ...e, balanceAfter: balance });
  };

  for (const { at, voucher } of visits) {
    const t = at.getTime();
    if (balance >= MIN_REDEMPTION && rng.chance(0.3)) {
      const points = Math.min(Math.floor(balance / 100) * 100, rng.pick([100, 100, 150, 200, 300]));
      const valuePence = Math.round((points * REDEMPTION_VALUE_MILLI) / 1000);
      add({ at, type: "points_redemption", amountPence: valuePence, discountPence: 0, points: -points, description: `Redeemed ${points} points`, voucher: null });
    }

    let gross = rng.chance(0.1) ? rng.int(1000, 3000) : rng.int(220, 900);
    gross = Math.round(gross / 5) * 5;
    let discount = 0;
    if (voucher) {
      const { spec } = voucher;
      gross = Math.max(gross, spec.minSpendPence ?? 0, 500);
      discount = spec.discountType === "percentage" ? Math.round((gross * spec.discountValue) / 100) : Math.round(spec.discountValue * 100);
      discount = Math.min(discount, spec.maxDiscountPence ?? Infinity, gross);
      voucher.redeemedAt = new Date(t + MINUTE);
    }
    const paid = gross - discount;
    add({
      at: new Date(t + MINUTE),
      type: "purchase",
      amountPence: paid,
      discountPence: discount,
      points: Math.floor((paid * c.pointsPerPoundMilli) / 100_000),
      description: rng.pick(gross < 400 ? SMALL : gross < 1000 ? MEDIUM : LARGE),
      voucher,
    });

    if (rng.chance(0.06)) {
      const points = rng.pick([25, 50, 50, 100]);
      add({ at: new Date(t + 2 * MINUTE), type: "bonus_points", amountPence: 0, discountPence: 0, points, description: rng.pick(BONUS_REASONS), voucher: null });
    }
  }

  return {
    ...c,
    events,
    totalPoints: balance,
    lifetimeSpentPence: events.filter((e) => e.type === "purchase").reduce((s, e) => s + e.amountPence, 0),
    lastVisit: events.length ? events[events.length - 1].at : null,
  };
}
