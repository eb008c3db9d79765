import "server-only";
import { appUrl } from "@/lib/env";
import { walletDownloadToken } from "@/lib/wallet/download-token";

// The pass lives at Apple's web-service "latest version of a pass" path
// ({webServiceURL}/v1/passes/{passTypeIdentifier}/{serialNumber}), so the download link and the
// device's update request are one URL. The link carries a token bound to the pass's own
// authentication token: rotating that token revokes old links.

export function applePassPath(passTypeIdentifier: string, serialNumber: string): string {
  return `/api/wallet/apple/v1/passes/${encodeURIComponent(passTypeIdentifier)}/${encodeURIComponent(serialNumber)}`;
}

export function appleDownloadToken(passTypeIdentifier: string, serialNumber: string, authenticationToken: string): string {
  return walletDownloadToken("apple-pass", passTypeIdentifier, serialNumber, authenticationToken);
}

export function applePassDownloadUrl(passTypeIdentifier: string, serialNumber: string, authenticationToken: string): string {
  return `${appUrl()}${applePassPath(passTypeIdentifier, serialNumber)}?t=${appleDownloadToken(passTypeIdentifier, serialNumber, authenticationToken)}`;
}
