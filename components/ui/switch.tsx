"use client";

import * as React from "react";
import * as SwitchPrimitive from "@radix-ui/react-switch";

import { cn } from "@/lib/utils";
import { SWITCH_CLASS, SWITCH_THUMB_CLASS } from "@/components/ui/form-control-classes";

function Switch({ className, ...props }: React.ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(SWITCH_CLASS, className)}
      {...props}
    >
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className={SWITCH_THUMB_CLASS}
      />
    </SwitchPrimitive.Root>
  );
}

export { Switch };
