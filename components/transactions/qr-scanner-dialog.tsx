"use client";

import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { CameraOff, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { FormField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { errorStatus } from "@/lib/client/api";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { membershipNumberFrom } from "@/lib/rules/membership-number";
import { cameraProblemOf, CAMERA_DENIED_MESSAGE, NO_CAMERA_MESSAGE, startQrCamera, type CameraControls, type StartCamera } from "@/components/transactions/qr-camera";
import { lookUpMembership } from "@/components/transactions/transaction-queries";

// Spec 2 sections 2.3 and 8: the camera decodes a membership QR code, the number is looked up with
// GET /api/customers/by-membership/{number}, and the add-transaction dialog opens for the customer.
// A typed membership number (a till without a camera) is looked up the same way. The camera stops
// when the dialog closes and as soon as a customer is identified.

/** A code that was just looked up and failed is not looked up again for this long, so a card held
 *  in front of the camera does not fire a request per frame. */
const RETRY_SAME_CODE_AFTER_MS = 3000;

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onIdentified: (customer: CustomerDto) => void;
  /** The camera layer; the real one is startQrCamera (BarcodeDetector, native or ponyfill). */
  startCamera?: StartCamera;
};

export function QrScannerDialog({ open, onOpenChange, onIdentified, startCamera = startQrCamera }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Scan Membership QR Code</DialogTitle>
          <DialogDescription>hold the customer&apos;s loyalty card QR code up to the camera, or type their membership number.</DialogDescription>
        </DialogHeader>
        {open && <Scanner onClose={() => onOpenChange(false)} onIdentified={onIdentified} startCamera={startCamera} />}
      </DialogContent>
    </Dialog>
  );
}

type CameraState = { status: "starting" } | { status: "scanning" } | { status: "error"; message: string };

function Scanner({ onClose, onIdentified, startCamera }: { onClose: () => void; onIdentified: (customer: CustomerDto) => void; startCamera: StartCamera }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const controlsRef = useRef<CameraControls | null>(null);
  const busyRef = useRef(false);
  const lastFailureRef = useRef<{ number: string; at: number } | null>(null);
  const [camera, setCamera] = useState<CameraState>({ status: "starting" });
  const [attempt, setAttempt] = useState(0);
  const [typed, setTyped] = useState("");
  const [lookingUp, setLookingUp] = useState(false);

  const lookUp = useCallback(
    async (number: string) => {
      if (busyRef.current || !number) return;
      busyRef.current = true;
      setLookingUp(true);
      try {
        const customer = await lookUpMembership(number);
        controlsRef.current?.stop();
        controlsRef.current = null;
        toast({ title: "customer identified", description: `found ${customer.name} via QR scan` });
        onIdentified(customer);
      } catch (error) {
        lastFailureRef.current = { number, at: Date.now() };
        if (errorStatus(error) === 404) {
          toast({ variant: "destructive", title: "customer not found", description: "no customer found with this membership number" });
        } else {
          toast({ variant: "destructive", title: "scan error", description: "failed to identify customer from QR code" });
        }
      } finally {
        busyRef.current = false;
        setLookingUp(false);
      }
    },
    [onIdentified],
  );

  const onCodeRef = useRef<(text: string) => void>(() => {});
  useEffect(() => {
    onCodeRef.current = (text: string) => {
      const number = membershipNumberFrom(text);
      const last = lastFailureRef.current;
      if (last && last.number === number && Date.now() - last.at < RETRY_SAME_CODE_AFTER_MS) return;
      void lookUp(number);
    };
  }, [lookUp]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    startCamera(video, (text) => onCodeRef.current(text)).then(
      (controls) => {
        if (cancelled) {
          controls.stop();
          return;
        }
        controlsRef.current = controls;
        setCamera({ status: "scanning" });
      },
      (error: unknown) => {
        if (cancelled) return;
        setCamera({ status: "error", message: cameraProblemOf(error) === "no-camera" ? NO_CAMERA_MESSAGE : CAMERA_DENIED_MESSAGE });
      },
    );
    return () => {
      cancelled = true;
      controlsRef.current?.stop();
      controlsRef.current = null;
    };
  }, [attempt, startCamera]);

  const tryAgain = () => {
    setCamera({ status: "starting" });
    setAttempt((n) => n + 1);
  };

  const onTypedSubmit = (event: FormEvent) => {
    event.preventDefault();
    void lookUp(membershipNumberFrom(typed));
  };

  return (
    <div className="grid min-w-0 gap-4">
      <div className="relative mx-auto aspect-square w-full max-w-72 overflow-hidden rounded-lg bg-black">
        <video ref={videoRef} muted playsInline aria-label="camera preview" className="size-full object-cover" />
        {camera.status === "starting" && (
          <div className="absolute inset-0 flex items-center justify-center bg-black/60">
            <Spinner label="starting camera..." showLabel className="text-white" />
          </div>
        )}
        {camera.status === "error" && (
          <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-muted p-4 text-center text-sm">
            <CameraOff aria-hidden className="size-8 text-muted-foreground" />
            <p>{camera.message}</p>
          </div>
        )}
        {lookingUp && (
          <div className="absolute inset-0 flex items-center justify-center bg-black/60">
            <Spinner label="identifying customer..." showLabel className="text-white" />
          </div>
        )}
      </div>

      <form noValidate onSubmit={onTypedSubmit} className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <FormField
            label="membership number"
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 1234 5678 90"
            hint="no camera? type the number printed under the QR code."
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            disabled={lookingUp}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={lookingUp || membershipNumberFrom(typed) === ""} className="sm:mb-6">
          {lookingUp ? "looking up..." : "look up"}
        </Button>
      </form>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          cancel
        </Button>
        {camera.status === "error" && (
          <Button type="button" onClick={tryAgain}>
            <RefreshCw aria-hidden /> try again
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}
