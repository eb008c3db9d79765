"use client";

import type { ComponentProps } from "react";
import { FormField } from "@/components/forms/form-field";

// The business address field. Spec 3 section 7: a maps autocomplete restricted to GB is loaded
// for address entry. It needs a browser maps key (NEXT_PUBLIC_GOOGLE_MAPS_API_KEY); without one
// this is a plain field, which is all it is until the maps integration is built: this component
// is the one place it would attach (Places Autocomplete, componentRestrictions { country: "gb" },
// filling the input and firing onChange so the form sees the chosen address).

export const MAPS_API_KEY = process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY ?? "";

type Props = ComponentProps<typeof FormField> & { mapsApiKey?: string };

export function AddressInput({ mapsApiKey = MAPS_API_KEY, ...field }: Props) {
  return <FormField autoComplete={mapsApiKey ? "off" : "street-address"} data-maps-autocomplete={mapsApiKey ? "gb" : undefined} {...field} />;
}
