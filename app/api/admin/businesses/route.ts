import { adminRoute } from "@/lib/api/route";
import { listBusinesses } from "@/lib/admin/list-businesses";
import { searchBusinesses } from "@/lib/admin/search-businesses";
import { adminBusinessesQuery } from "@/lib/validation/admin";

// GET /api/admin/businesses - every business that is not deleted, newest first (an array).
// ?q=&cursor=&limit= (issue 23): the pickers' search, a page by name: { businesses, nextCursor }
// (limit 20 by default, at most 100; nextCursor null on the last page).
export const GET = adminRoute({ query: adminBusinessesQuery }, ({ query }) => {
  const { q, cursor, limit } = query;
  if (q === undefined && cursor === undefined && limit === undefined) return listBusinesses();
  return searchBusinesses({ q, cursor, limit });
});
