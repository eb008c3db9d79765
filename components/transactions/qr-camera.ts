"use client";

// The camera layer of the QR scanner: starts the rear camera in a <video>, decodes QR codes with
// @zxing/browser and reports each decoded text. The scanner dialog takes a StartCamera as a prop,
// so tests (and any future native bridge) can stand in for the camera without touching the dialog.

export type CameraControls = { stop: () => void };
export type StartCamera = (video: HTMLVideoElement, onCode: (text: string) => void) => Promise<CameraControls>;

export const NO_CAMERA_MESSAGE = "No camera found on this device.";
export const CAMERA_DENIED_MESSAGE = "Unable to access camera. Please check permissions and try again.";

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

/** The real camera: getUserMedia through @zxing/browser (loaded only when the scanner opens). */
export const startZxingCamera: StartCamera = async (video, onCode) => {
  if (typeof navigator === "undefined" || !navigator.mediaDevices || typeof navigator.mediaDevices.getUserMedia !== "function") {
    // No media API at all: an old browser, or a page served over plain http.
    throw new CameraError("no-camera");
  }
  const { BrowserQRCodeReader } = await import("@zxing/browser");
  const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 200 });
  try {
    return await reader.decodeFromConstraints({ audio: false, video: { facingMode: "environment" } }, video, (result) => {
      if (result) onCode(result.getText());
    });
  } catch (error) {
    throw new CameraError(cameraProblemOf(error));
  }
};
