import "server-only";
import { cookies } from "next/headers";
import { sessionCookieName } from "@/lib/auth/cookies";
import { asBusinessPrincipal, resolvePrincipal, type Principal } from "@/lib/auth/principal";

/** The principal behind the current page request (server components and layouts). */
export async function getPagePrincipal(): Promise<Principal | null> {
  const jar = await cookies();
  return resolvePrincipal(jar.get(sessionCookieName())?.value);
}

export async function getPageBusinessPrincipal() {
  return asBusinessPrincipal(await getPagePrincipal());
}
