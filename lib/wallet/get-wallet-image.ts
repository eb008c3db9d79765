import "server-only";
import { notFound } from "@/lib/errors/api-error";
import { stampMarkPng } from "@/lib/wallet/pass-images";

// Google Wallet fetches the programme logo by URL (it recommends 660 x 660 px).
const IMAGES = new Map<string, number>([["logo.png", 660]]);

export function getWalletImage(name: string): Response {
  const size = IMAGES.get(name);
  if (!size) throw notFound("Image not found");
  const png = stampMarkPng(size);
  return new Response(new Uint8Array(png), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400", "Content-Length": String(png.length) },
  });
}
