import * as React from "react";
import { CircleAlertIcon } from "lucide-react";

import { cn } from "@/lib/utils";

type FormErrorBoxProps = Omit<React.ComponentProps<"div">, "children"> & {
  heading: React.ReactNode;
  /** One line per problem; the box renders nothing when the list is empty. */
  messages: readonly string[];
};

/** Summary of a form's errors, announced when it appears (role="alert"). */
function FormErrorBox({ heading, messages, className, ...props }: FormErrorBoxProps) {
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      data-slot="form-error-box"
      className={cn("rounded-lg border border-destructive/50 bg-destructive/5 px-4 py-3 text-sm text-destructive", className)}
      {...props}
    >
      <p className="flex items-center gap-2 font-medium">
        <CircleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
        {heading}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-10">
        {messages.map((message, i) => (
          <li key={`${i}-${message}`}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

export { FormErrorBox, type FormErrorBoxProps };
