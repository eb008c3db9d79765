import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

type SectionCardProps = {
  /** A decorative icon before the title (mark it aria-hidden). */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
};

/** A card that is one section of a page: icon and title, an optional description, the content. */
export function SectionCard({ icon, title, description, className, contentClassName, children }: SectionCardProps) {
  return (
    <Card className={cn("gap-4", className)}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {icon} {title}
        </CardTitle>
        {description !== undefined && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
