/** A LIKE/ILIKE pattern that finds `q` anywhere in a column, with `%`, `_` and `\` taken literally
 *  (the one home for every "contains" search: customers, vouchers, cards, businesses, transactions). */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
