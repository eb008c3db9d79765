// How a stored phone number is shown (lib/rules/uk-phone.ts is the home of phone numbers and
// re-exports this): UK numbers in the national form, 5 + 6 digits (07737 100372) or 3 + 4 + 4 for the
// 02x areas (020 7946 0123); anything else as stored. No parser: pages that only show numbers
// import this module and leave libphonenumber out of their JavaScript.
export function formatUkPhone(stored: string | null | undefined): string {
  if (!stored) return "";
  const compact = stored.replace(/[\s\-().]/g, "");
  const national = compact.startsWith("+44") ? `0${compact.slice(3)}` : compact;
  if (!/^0\d{9,10}$/.test(national)) return stored;
  if (national.length === 11 && national.startsWith("02")) return `${national.slice(0, 3)} ${national.slice(3, 7)} ${national.slice(7)}`;
  return `${national.slice(0, 5)} ${national.slice(5)}`;
}
