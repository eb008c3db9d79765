import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PNG } from "pngjs";
import { act } from "@testing-library/react";
import { loadQrDetector, readQrText, startQrCamera, ZXING_WASM_URL } from "@/components/transactions/qr-camera";
import { renderMembershipQrPng } from "@/lib/cards/render-membership-qr";

// The camera layer of the scanner (issue 20): the browser's BarcodeDetector when it reads QR codes,
// the `barcode-detector` ponyfill (ZXing-C++ in WebAssembly) otherwise, with the .wasm fetched from
// our own origin. The ponyfill really decodes here: the card's own QR rendering, in jsdom.

const WASM_FILE = join(process.cwd(), "public", ZXING_WASM_URL);

// jsdom has neither (no canvas); the ponyfill needs ImageData for its input and DOMRectReadOnly for
// the boxes it returns. Minimal stand-ins with the fields the web platform's have.
class TestImageData {
  readonly colorSpace = "srgb";
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}
class TestDOMRectReadOnly {
  constructor(
    readonly x = 0,
    readonly y = 0,
    readonly width = 0,
    readonly height = 0,
  ) {}
}
const platform = globalThis as unknown as Record<string, unknown>;
for (const [name, value] of [
  ["ImageData", TestImageData],
  ["DOMRectReadOnly", TestDOMRectReadOnly],
] as const) {
  if (!(name in platform)) platform[name] = value;
}

/** The QR code exactly as a customer's card shows it, as ImageData. */
async function cardQrImage(membershipNumber: string): Promise<ImageData> {
  const png = PNG.sync.read(await renderMembershipQrPng(membershipNumber));
  return new ImageData(new Uint8ClampedArray(png.data), png.width, png.height);
}

/** fetch, answering only our origin's copy of the .wasm. */
function serveWasm() {
  const fetch = jest.fn(async (url: string | URL | Request) => {
    if (String(url) !== ZXING_WASM_URL) return { ok: false, status: 404, url: String(url), arrayBuffer: async () => new ArrayBuffer(0) };
    const bytes = readFileSync(WASM_FILE);
    return { ok: true, status: 200, url: String(url), arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) };
  });
  Object.defineProperty(globalThis, "fetch", { configurable: true, writable: true, value: fetch });
  return fetch;
}

const originalFetch = Object.getOwnPropertyDescriptor(globalThis, "fetch");
const originalMediaDevices = Object.getOwnPropertyDescriptor(navigator, "mediaDevices");
afterEach(() => {
  if (originalFetch) Object.defineProperty(globalThis, "fetch", originalFetch);
  else delete (globalThis as { fetch?: unknown }).fetch;
  if (originalMediaDevices) Object.defineProperty(navigator, "mediaDevices", originalMediaDevices);
  else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  delete platform.BarcodeDetector;
  jest.useRealTimers();
});

describe("QR camera layer", () => {
  it("our origin serves the ponyfill's own .wasm (copied on install, byte for byte)", async () => {
    const { ZXING_WASM_SHA256 } = await import("barcode-detector/ponyfill");
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(readFileSync(WASM_FILE)).digest("hex")).toBe(ZXING_WASM_SHA256);
  });

  it("without a native BarcodeDetector, the ponyfill decodes the card's QR code with the .wasm from our origin (no CDN)", async () => {
    const fetch = serveWasm();
    // jsdom has no Response, so Node's WebAssembly.instantiateStreaming refuses our stand-in and the
    // ponyfill says so before compiling from the bytes instead (browsers stream): those two lines only.
    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    const detector = await loadQrDetector();
    expect(errors.mock.calls.map(([text]) => String(text).split(":")[0])).toEqual(["wasm streaming compile failed", "falling back to ArrayBuffer instantiation"]);
    errors.mockRestore();
    expect(await readQrText(detector, await cardQrImage("1234567890"))).toBe("1234567890");
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(expect.arrayContaining([ZXING_WASM_URL]));
    expect(fetch.mock.calls.every(([url]) => String(url) === ZXING_WASM_URL)).toBe(true);

    // An image with no code in it reads as nothing.
    expect(await readQrText(detector, new ImageData(new Uint8ClampedArray(64 * 64 * 4).fill(255), 64, 64))).toBeNull();
  });

  it("uses the browser's own BarcodeDetector when it reads QR codes, scans the video until stopped, then releases the camera", async () => {
    jest.useFakeTimers();
    const detect = jest.fn().mockResolvedValueOnce([]).mockResolvedValue([{ rawValue: "LC-1234567890" }]);
    const constructed: unknown[] = [];
    platform.BarcodeDetector = class {
      static getSupportedFormats = async () => ["qr_code", "ean_13"];
      constructor(options: unknown) {
        constructed.push(options);
      }
      detect = detect;
    };
    const fetch = serveWasm();
    const track = { stop: jest.fn() };
    const stream = { getTracks: () => [track] } as unknown as MediaStream;
    const getUserMedia = jest.fn().mockResolvedValue(stream);
    Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia } });
    const video = document.createElement("video");
    jest.spyOn(video, "play").mockResolvedValue(undefined);
    Object.defineProperty(video, "readyState", { configurable: true, get: () => HTMLMediaElement.HAVE_ENOUGH_DATA });
    // jsdom's <video> has no srcObject: a plain property stands in.
    Object.defineProperty(video, "srcObject", { configurable: true, writable: true, value: null });

    const onCode = jest.fn();
    const controls = await startQrCamera(video, onCode);
    expect(getUserMedia).toHaveBeenCalledWith({ audio: false, video: { facingMode: "environment" } });
    expect(video.srcObject).toBe(stream);
    expect(constructed).toEqual([{ formats: ["qr_code"] }]);
    expect(fetch).not.toHaveBeenCalled(); // the native detector needs no .wasm

    await act(async () => {
      await jest.advanceTimersByTimeAsync(250);
    });
    expect(detect).toHaveBeenCalledWith(video);
    expect(onCode).toHaveBeenCalledWith("LC-1234567890");

    controls.stop();
    expect(track.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
    const looks = detect.mock.calls.length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(detect).toHaveBeenCalledTimes(looks);
  });
});
