// The tab primitives' classes (components/ui/tabs.tsx), in a module that is not a client module so
// a server-rendered first screen can draw the same tabs before their code has loaded (issue 23).

export const TABS_CLASS = "flex flex-col gap-2";

// A tab list never hides tabs in a scroll box (a phone showed one of three): tabs that do not
// fit on one line wrap onto the next, and a long label wraps inside its tab.
export const TABS_LIST_CLASS = "inline-flex min-h-10 w-fit max-w-full flex-wrap items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground";

export const TABS_TRIGGER_CLASS = [
  "inline-flex min-h-8 flex-1 items-center justify-center gap-1.5 rounded-md px-3 py-1 text-center text-sm leading-tight font-medium transition-[color,box-shadow] outline-none",
  "hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50",
  "data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
  "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
].join(" ");

export const TABS_CONTENT_CLASS = "flex-1 outline-none";
