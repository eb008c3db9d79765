// Membership numbers: 10 digits, not sequential (so a number does not reveal how many customers a
// business has, and the next customer's number cannot be guessed), with a Luhn check digit so a
// mistyped number is rejected before it is looked up. Pure: safe for client and server code.

const LENGTH = 10;
const PATTERN = /^[1-9]\d{9}$/;

/** The Luhn check digit for a string of digits (the digit that makes payload + digit valid). */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  // Walk from the right; the digit next to the (future) check digit is doubled first.
  for (let i = payload.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = payload.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** 9 random digits (the first 1-9, so the number never starts with 0) plus a Luhn check digit. */
export function generateMembershipNumber(random: () => number = Math.random): string {
  const digit = (min: number) => min + Math.min(9 - min, Math.floor(random() * (10 - min)));
  let payload = String(digit(1));
  while (payload.length < LENGTH - 1) payload += String(digit(0));
  return payload + String(luhnCheckDigit(payload));
}

/** True for a 10-digit number that does not start with 0 and whose Luhn check digit matches. */
export function isValidMembershipNumber(s: string): boolean {
  if (typeof s !== "string" || !PATTERN.test(s)) return false;
  return luhnCheckDigit(s.slice(0, -1)) === Number(s[s.length - 1]);
}

// Issue 20: one way to read and one way to show a card's number. The number a customer's card is
// known by is the membership number; the stored `cardNumber` ("LC-" + the same digits) is not shown
// (docs/decisions.md "card number").

/** The membership number in a scanned or typed code: "LC-1234567890", " 1234 5678 90 " or
 *  "1234-5678-90" -> "1234567890". What the till, the scanner, the search and the API accept. */
export function membershipNumberFrom(text: string): string {
  return text.trim().replace(/^LC-?/i, "").replace(/[\s-]+/g, "");
}

/** How a membership number is shown everywhere (screens, passes, emails): groups of four digits,
 *  "1234 5678 90", easy to read out at the till. Anything that is not all digits is shown as is. */
export function formatMembershipNumber(value: string): string {
  const number = membershipNumberFrom(value);
  return /^\d+$/.test(number) ? number.replace(/(\d{4})(?=\d)/g, "$1 ") : value;
}

/** True when a search, read as a membership number ("1234 5678", "LC-1234"), is part of this one. */
export function membershipNumberMatches(membershipNumber: string, search: string): boolean {
  const number = membershipNumberFrom(search);
  return /^\d+$/.test(number) && membershipNumber.includes(number);
}
