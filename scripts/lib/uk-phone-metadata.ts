// The +44 slice of libphonenumber-js's min metadata (scripts/make-uk-phone-metadata.ts writes it,
// tests/unit/uk-phone.test.ts checks the committed copy still equals it).
import full from "libphonenumber-js/metadata.min.json";

type Metadata = typeof full;

/** The +44 countries' entries; no non-geographic numbers (those are +800, +808, +870..., never +44). */
export function ukPhoneMetadata(): Pick<Metadata, "version" | "country_calling_codes" | "countries"> & { nonGeographic: Record<string, never> } {
  const countries = full.country_calling_codes["44"];
  return {
    version: full.version,
    country_calling_codes: { "44": countries },
    countries: Object.fromEntries(countries.map((c) => [c, full.countries[c as keyof Metadata["countries"]]])) as Metadata["countries"],
    nonGeographic: {},
  };
}
