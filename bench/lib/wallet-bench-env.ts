// The environment the wallet benches give the app before its first import (the app reads its
// configuration then): the throwaway database, Apple Wallet with the bench's pass certificate and
// the local APNs stand-in, and no Google Wallet.

export function setAppleBenchEnv(o: { databaseUrl: string; passType: string; pass: { certPem: string; keyPem: string }; apns: { url: string; caPem: string }; extra?: Record<string, string> }): void {
  Object.assign(process.env, {
    DATABASE_URL: o.databaseUrl,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "bench-only-nextauth-secret-0123456789abcdef",
    APPLE_PASS_TYPE_IDENTIFIER: o.passType,
    APPLE_TEAM_IDENTIFIER: "BENCHTEAM",
    APPLE_PASS_CERTIFICATE_PEM: o.pass.certPem,
    APPLE_PASS_PRIVATE_KEY_PEM: o.pass.keyPem,
    APPLE_APNS_URL: o.apns.url,
    APPLE_APNS_CA_PEM: o.apns.caPem,
    ...o.extra,
  });
  for (const name of ["GOOGLE_WALLET_ISSUER_ID", "GOOGLE_WALLET_SERVICE_ACCOUNT_JSON"]) delete process.env[name];
}

type ApnsPush = import("../../tests/helpers/apns-stand-in").ApnsPush;

/** A migrated throwaway database, a pass certificate and a local APNs stand-in trusting it. */
export async function startWalletBench(passType: string, onPush?: (push: ApnsPush) => void) {
  const { migrate } = await import("../../scripts/lib/embedded-db");
  const { throwawayDatabase } = await import("./throwaway-db");
  const { makeSelfSignedIdentity, startApnsStandIn } = await import("../../tests/helpers/apns-stand-in");
  const target = await throwawayDatabase();
  const pass = makeSelfSignedIdentity(`/CN=Pass Type ID: ${passType}/OU=BENCHTEAM`);
  const apns = await startApnsStandIn({ topic: passType, trustedClientCertPem: pass.certPem, onPush });
  const close = async () => {
    await apns.close();
    await target.drop().catch((e: unknown) => console.error("could not drop the bench database:", e));
  };
  try {
    await migrate(target.url);
  } catch (e) {
    await close();
    throw e;
  }
  return { target, pass, apns, close };
}
