// Phone numbers are stored in E.164 (+447737100372, lib/validation/common.ts); people read and
// type them in the UK's national form. Mobiles and most area codes group as 5 + 6 digits
// (07737 100372, 01632 960123), the 02x areas as 3 + 4 + 4 (020 7946 0123). Anything that is not
// a UK number is shown as stored.

export function formatUkPhone(stored: string | null | undefined): string {
  if (!stored) return "";
  const compact = stored.replace(/[\s\-().]/g, "");
  const national = compact.startsWith("+44") ? `0${compact.slice(3)}` : compact;
  if (!/^0\d{9,10}$/.test(national)) return stored;
  if (national.length === 11 && national.startsWith("02")) return `${national.slice(0, 3)} ${national.slice(3, 7)} ${national.slice(7)}`;
  return `${national.slice(0, 5)} ${national.slice(5)}`;
}
