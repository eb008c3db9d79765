"use client";

// The camera layer of the QR scanner: starts the rear camera in a <video>, looks for QR codes in it
// a few times a second with the web's BarcodeDetector and reports each decoded text. The scanner
// dialog takes a StartCamera as a prop, so tests (and any future native bridge) can stand in for
// the camera without touching the dialog.
//
// BarcodeDetector is native on Android's Chrome and on macOS/ChromeOS; elsewhere (iOS Safari,
// Firefox, desktop Chrome on Windows) the `barcode-detector` ponyfill stands in: the same API on
// ZXing-C++ compiled to WebAssembly. The ponyfill and its .wasm load only when the scanner opens,
// and the .wasm comes from our own origin (scripts/copy-zxing-wasm.mjs copies it into public/ on
// install), never from the package's default CDN: the CSP allows 'self' only and a till may be
// offline from the wider internet. docs/decisions.md "QR scanning on BarcodeDetector".

export type CameraControls = { stop: () => void };
export type StartCamera = (video: HTMLVideoElement, onCode: (text: string) => void) => Promise<CameraControls>;

export const NO_CAMERA_MESSAGE = "No camera found on this device.";
export const CAMERA_DENIED_MESSAGE = "Unable to access camera. Please check permissions and try again.";

/** Where the ZXing reader's .wasm is served from (public/vendor, copied there on install). */
export const ZXING_WASM_URL = "/vendor/zxing_reader.wasm";

/** How long the scanner waits between two looks at the video. */
const SCAN_INTERVAL_MS = 200;

export type CameraProblem = "no-camera" | "denied";

export class CameraError extends Error {
  constructor(readonly problem: CameraProblem) {
    super(problem === "no-camera" ? NO_CAMERA_MESSAGE : CAMERA_DENIED_MESSAGE);
    this.name = "CameraError";
  }
}

const NO_CAMERA_ERRORS = new Set(["NotFoundError", "DevicesNotFoundError", "OverconstrainedError", "ConstraintNotSatisfiedError"]);

/** Which of the two messages a getUserMedia failure deserves: no camera at all, or anything else
 *  (permission denied, camera busy, insecure page), which the user can fix and try again. */
export function cameraProblemOf(error: unknown): CameraProblem {
  if (error instanceof CameraError) return error.problem;
  const name = error && typeof error === "object" && "name" in error ? String((error as { name: unknown }).name) : "";
  return NO_CAMERA_ERRORS.has(name) ? "no-camera" : "denied";
}

/** What the scanner needs of a BarcodeDetector (native or ponyfill). */
export type QrDetector = { detect: (image: HTMLVideoElement | ImageData) => Promise<Array<{ rawValue: string }>> };

type DetectorClass = {
  new (options?: { formats?: string[] }): QrDetector;
  getSupportedFormats: () => Promise<readonly string[]>;
};

async function nativeQrDetector(): Promise<QrDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    return (await Native.getSupportedFormats()).includes("qr_code") ? new Native({ formats: ["qr_code"] }) : null;
  } catch {
    return null;
  }
}

/** The ponyfill, with its .wasm from our own origin, instantiated before it is returned (so a
 *  missing or blocked .wasm fails here, at start, not silently on every frame). */
async function ponyfillQrDetector(): Promise<QrDetector> {
  const { BarcodeDetector, prepareZXingModule } = await import("barcode-detector/ponyfill");
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? ZXING_WASM_URL : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ["qr_code"] });
}

/** A QR detector: the browser's own when it reads QR codes, the ponyfill otherwise. */
export async function loadQrDetector(): Promise<QrDetector> {
  return (await nativeQrDetector()) ?? ponyfillQrDetector();
}

/** The text of the first QR code in the image, or null when there is none. */
export async function readQrText(detector: QrDetector, image: HTMLVideoElement | ImageData): Promise<string | null> {
  const [first] = await detector.detect(image);
  return first ? first.rawValue : null;
}

/** The real camera: the rear camera through getUserMedia, scanned with loadQrDetector(). */
export const startQrCamera: StartCamera = async (video, onCode) => {
  if (typeof navigator === "undefined" || !navigator.mediaDevices || typeof navigator.mediaDevices.getUserMedia !== "function") {
    // No media API at all: an old browser, or a page served over plain http.
    throw new CameraError("no-camera");
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: "environment" } });
  } catch (error) {
    throw new CameraError(cameraProblemOf(error));
  }

  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };

  let detector: QrDetector;
  try {
    video.srcObject = stream;
    const [loaded] = await Promise.all([loadQrDetector(), video.play()]);
    detector = loaded;
  } catch (error) {
    stop();
    throw error;
  }

  const scan = async () => {
    if (stopped) return;
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
      // A frame that cannot be read (the camera is still focusing, a frame was dropped) is skipped.
      const text = await readQrText(detector, video).catch(() => null);
      if (text && !stopped) onCode(text);
    }
    if (!stopped) timer = setTimeout(scan, SCAN_INTERVAL_MS);
  };
  void scan();
  return { stop };
};
