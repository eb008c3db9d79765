"use client";

// The business address field now lives in components/forms so sign-up and the account hub share it.
export { AddressAutocompleteInput as AddressInput, MAPS_API_KEY } from "@/components/forms/address-autocomplete-input";
