"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

// Long lists shown a page at a time: the search over them, the rows shown so far, "show more".

/** The search text and how many rows to show; a new search starts again at the first page. */
export function useSearchedPages(pageSize: number) {
  const [query, setQueryText] = useState("");
  const [shown, setShown] = useState(pageSize);
  const setQuery = (value: string) => {
    setQueryText(value);
    setShown(pageSize);
  };
  const showMore = () => setShown((n) => n + pageSize);
  return { query, setQuery, shown, showMore };
}

/** The centred "show more" button under a list; nothing once every row is shown. */
export function ShowMoreButton({ hidden, onClick, children }: { hidden: boolean; onClick: () => void; children: ReactNode }) {
  if (!hidden) return null;
  return (
    <div className="flex justify-center">
      <Button type="button" variant="outline" onClick={onClick} data-takeover-key="show-more">
        {children}
      </Button>
    </div>
  );
}
