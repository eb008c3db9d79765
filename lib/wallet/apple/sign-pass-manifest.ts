import "server-only";
import { constants, createPrivateKey, privateEncrypt, type KeyObject } from "node:crypto";
import forge from "node-forge";

// The pass's detached PKCS#7 signature over manifest.json, as pass-js makes it (same structure:
// SHA-1 digest, contentType/messageDigest/signingTime attributes, the pass certificate and Apple's
// WWDR certificate), but with the RSA operation done by Node's OpenSSL instead of node-forge's
// JavaScript big integers: about 130 ms -> 1 ms a pass. Every push makes each of a card's devices
// download the pass again, so this is the web service's hot path (bench/wallet-live.ts).
// pass-js reads its signer through its module object at call time, so installing ours there is
// enough; a template whose key we were not given keeps pass-js's own signer.

type ForgeKey = object;
type Signing = { key: KeyObject; wwdr: forge.pki.Certificate };

const signings = new WeakMap<ForgeKey, Signing>();

// DER prefix of a PKCS#1 v1.5 DigestInfo for SHA-1 (RFC 8017 9.2 note 1).
const SHA1_DIGEST_INFO = Buffer.from("3021300906052b0e03021a05000414", "hex");

function signManifest(certificate: forge.pki.Certificate, signing: Signing, manifest: string): Buffer {
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(manifest, "utf8");
  p7.addCertificate(certificate);
  p7.addCertificate(signing.wwdr);
  const nodeKey = {
    // forge hands over the digest of the signed attributes: encrypt its DigestInfo with the key
    sign: (md: forge.md.MessageDigest) => privateEncrypt({ key: signing.key, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA1_DIGEST_INFO, Buffer.from(md.digest().getBytes(), "binary")])).toString("binary"),
  };
  p7.addSigner({
    key: nodeKey as unknown as forge.pki.rsa.PrivateKey,
    certificate,
    digestAlgorithm: forge.pki.oids.sha1,
    authenticatedAttributes: [{ type: forge.pki.oids.contentType, value: forge.pki.oids.data }, { type: forge.pki.oids.messageDigest }, { type: forge.pki.oids.signingTime }],
  });
  p7.sign({ detached: true });
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), "binary");
}

type PassJsSigner = { signManifest: (certificate: forge.pki.Certificate, key: ForgeKey, manifest: string) => Buffer };
let installed = false;

/** Registers a template's key (pass-js's forge key object) with the PEMs it came from, and puts our
 *  signer in front of pass-js's for the templates registered. */
export async function useNodeSigner(templateKey: ForgeKey, privateKeyPem: string, passphrase: string | undefined, wwdrPem: string): Promise<void> {
  signings.set(templateKey, { key: createPrivateKey({ key: privateKeyPem, passphrase }), wwdr: forge.pki.certificateFromPem(wwdrPem) });
  if (installed) return;
  const mod = (await import("@walletpass/pass-js/dist/lib/signManifest-forge")) as unknown as PassJsSigner & { default?: PassJsSigner };
  const target = mod.default ?? mod;
  const original = target.signManifest;
  target.signManifest = (certificate, key, manifest) => {
    const signing = signings.get(key);
    return signing ? signManifest(certificate, signing, manifest) : original(certificate, key, manifest);
  };
  installed = true;
}
