import "server-only";
import QRCode from "qrcode";

// The QR printed on a customer's card encodes only the membership number. Bump the version when the
// rendering changes, so caches holding the old image (keyed by the ETag) fetch the new one.
export const QR_RENDER_VERSION = "1";

/** A PNG QR code (error correction M, 4-module quiet zone, 320 px) encoding the membership number. */
export function renderMembershipQrPng(membershipNumber: string): Promise<Buffer> {
  return QRCode.toBuffer(membershipNumber, { type: "png", errorCorrectionLevel: "M", margin: 4, width: 320 });
}

/** The image never changes for a number, so its tag is the number and the render version. */
export function membershipQrEtag(membershipNumber: string): string {
  return `"qr-v${QR_RENDER_VERSION}-${membershipNumber}"`;
}
