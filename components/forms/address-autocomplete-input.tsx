"use client";

import { useCallback, useEffect, useRef, type ChangeEvent, type ComponentProps, type Ref } from "react";
import { FormField } from "@/components/forms/form-field";
import { loadGoogleMapsPlaces } from "@/lib/client/load-google-maps";

// A business address field (spec 3 section 7 / spec 2 section 7: "A maps address autocomplete is
// loaded for business address entry, restricted to country GB."). With a browser maps key
// (NEXT_PUBLIC_GOOGLE_MAPS_API_KEY) it loads Google Places once per page and attaches a GB-only
// address autocomplete; choosing a suggestion writes the formatted address into the field through
// the react-hook-form onChange it was given. Without a key, or if the script fails to load, it is
// a plain field and nothing is loaded or shown to the user.

// Env exception (docs/architecture.md): client code; Next inlines NEXT_PUBLIC_* at build, lib/env.ts is server-only.
export const MAPS_API_KEY = process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY ?? "";

type Props = ComponentProps<typeof FormField> & { mapsApiKey?: string };

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === "function") ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

// Enter picks a highlighted suggestion in Google's dropdown (.pac-container); it must not also submit the form.
function suggestionsOpen(): boolean {
  return Array.from(document.querySelectorAll<HTMLElement>(".pac-container")).some((el) => el.style.display !== "none" && el.childElementCount > 0);
}

export function AddressAutocompleteInput({ mapsApiKey = MAPS_API_KEY, ref, onChange, onKeyDown, ...field }: Props) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // Keep the caller's ref (react-hook-form's register ref) working alongside ours.
  const setRefs = useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      assignRef(ref, node);
    },
    [ref],
  );

  useEffect(() => {
    if (!mapsApiKey) return;
    let cancelled = false;
    let listener: { remove(): void } | undefined;
    loadGoogleMapsPlaces(mapsApiKey)
      .then((places) => {
        const input = inputRef.current;
        if (cancelled || !input) return;
        const autocomplete = new places.Autocomplete(input, {
          componentRestrictions: { country: ["gb"] },
          fields: ["formatted_address"],
          types: ["address"],
        });
        listener = autocomplete.addListener("place_changed", () => {
          const address = autocomplete.getPlace()?.formatted_address;
          if (!address || !inputRef.current) return;
          const target = inputRef.current;
          target.value = address;
          // react-hook-form reads event.target.name/value; hand it the real input.
          onChangeRef.current?.({ target, currentTarget: target, type: "change" } as ChangeEvent<HTMLInputElement>);
        });
      })
      .catch(() => {
        // No maps: the field stays a plain text field.
      });
    return () => {
      cancelled = true;
      listener?.remove();
    };
  }, [mapsApiKey]);

  return (
    <FormField
      autoComplete={mapsApiKey ? "off" : "street-address"}
      data-maps-autocomplete={mapsApiKey ? "gb" : undefined}
      {...field}
      onChange={onChange}
      onKeyDown={(event) => {
        if (mapsApiKey && event.key === "Enter" && suggestionsOpen()) event.preventDefault();
        onKeyDown?.(event);
      }}
      ref={setRefs}
    />
  );
}
