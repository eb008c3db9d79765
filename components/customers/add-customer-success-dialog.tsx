"use client";

import { useEffect, useState } from "react";
import { PartyPopper } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";

// Spec 1 sections 2, 4 and 9: after a customer is created, 'just a sec...' for exactly 2000 ms,
// then 'all good!', which closes by itself 1500 ms later or on 'continue'.
export const SETUP_DURATION_MS = 2000;
export const AUTO_CLOSE_DELAY_MS = 1500;

/** Mount one per created customer (give it a key): the timers start when it mounts. */
export function AddCustomerSuccessDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const [phase, setPhase] = useState<"setting-up" | "complete">("setting-up");

  useEffect(() => {
    const timer = setTimeout(() => setPhase("complete"), SETUP_DURATION_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (phase !== "complete") return;
    const timer = setTimeout(onClose, AUTO_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, onClose]);

  return (
    <Dialog open onOpenChange={(open) => !open && phase === "complete" && onClose()}>
      <DialogContent showCloseButton={false} className="max-w-sm text-center" onEscapeKeyDown={(e) => phase !== "complete" && e.preventDefault()}>
        {phase === "setting-up" ? (
          <DialogHeader className="items-center pr-0 text-center sm:text-center">
            <Spinner iconClassName="size-8" label="setting up" />
            <DialogTitle>just a sec...</DialogTitle>
            <DialogDescription>setting up customer and generating mobile loyalty card</DialogDescription>
          </DialogHeader>
        ) : (
          <>
            <DialogHeader className="items-center pr-0 text-center sm:text-center">
              <PartyPopper className="size-8 text-primary" aria-hidden />
              <DialogTitle>all good!</DialogTitle>
              <DialogDescription>welcome aboard, {name}! their mobile loyalty card is ready.</DialogDescription>
            </DialogHeader>
            <Button type="button" onClick={onClose} className="w-full">
              continue
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
