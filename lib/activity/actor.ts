// Who acted: the name every change records (activity log rows, ledger entries, rate changes).
// A leaf (issue 21): lib/auth's principals carry an Actor, and the resources pass it on to the
// activity writer, which so needs nothing from lib/auth.

export type ActorType = "owner" | "staff" | "admin" | "system" | "customer" | "api_key"; // api_key: a business's API key (issue 27)
/** actingAsBusiness: a super admin working inside a business's workspace ("login as"). */
export type Actor = { type: ActorType; id: number | null; name: string; actingAsBusiness?: boolean };

export const SYSTEM_ACTOR: Actor = { type: "system", id: null, name: "system" };
