// Loads the Google Maps JavaScript API with the Places library once per page (spec 3 section 7:
// the GB business address autocomplete). Every caller shares one promise; a failed load (script
// error or timeout) rejects, removes the script and lets a later call try again.

/** The small part of google.maps.places the address autocomplete uses. */
export type PlaceResult = { formatted_address?: string };
export type MapsEventListener = { remove(): void };
export type AutocompleteOptions = {
  componentRestrictions?: { country: string | string[] };
  fields?: string[];
  types?: string[];
};
export interface PlacesAutocomplete {
  addListener(event: string, handler: () => void): MapsEventListener;
  getPlace(): PlaceResult;
}
export type PlacesLibrary = {
  Autocomplete: new (input: HTMLInputElement, options?: AutocompleteOptions) => PlacesAutocomplete;
};
type MapsNamespace = {
  places?: PlacesLibrary;
  importLibrary?: (name: string) => Promise<unknown>;
};

type MapsWindow = Window & { google?: { maps?: MapsNamespace } };

export const GOOGLE_MAPS_SCRIPT_ID = "google-maps-places";
const LOAD_TIMEOUT_MS = 10_000;
const POLL_MS = 50;

let pending: Promise<PlacesLibrary> | null = null;

function mapsWindow(): MapsWindow {
  return window as MapsWindow;
}

/** The script URL: the key, the Places library and Google's recommended async loading. */
export function googleMapsScriptUrl(apiKey: string): string {
  const params = new URLSearchParams({ key: apiKey, libraries: "places", loading: "async" });
  return `https://maps.googleapis.com/maps/api/js?${params.toString()}`;
}

/** Resolves with google.maps.places once it exists; rejects on a script error or after 10 s. */
export function loadGoogleMapsPlaces(apiKey: string, timeoutMs = LOAD_TIMEOUT_MS): Promise<PlacesLibrary> {
  const ready = mapsWindow().google?.maps?.places;
  if (ready) return Promise.resolve(ready);
  if (pending) return pending;

  pending = new Promise<PlacesLibrary>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, places?: PlacesLibrary) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      if (error || !places) {
        document.getElementById(GOOGLE_MAPS_SCRIPT_ID)?.remove();
        pending = null;
        reject(error ?? new Error("Google Maps Places did not load"));
      } else {
        resolve(places);
      }
    };
    const check = () => {
      const places = mapsWindow().google?.maps?.places;
      if (places) finish(null, places);
    };
    const timer = setTimeout(() => finish(new Error("Google Maps took too long to load")), timeoutMs);
    const poll = setInterval(check, POLL_MS);

    let script = document.getElementById(GOOGLE_MAPS_SCRIPT_ID) as HTMLScriptElement | null;
    if (!script) {
      script = document.createElement("script");
      script.id = GOOGLE_MAPS_SCRIPT_ID;
      script.src = googleMapsScriptUrl(apiKey);
      script.async = true;
      document.head.appendChild(script);
    }
    script.addEventListener("error", () => finish(new Error("Google Maps failed to load")));
    script.addEventListener("load", () => {
      // With loading=async the libraries can arrive just after the script's load event.
      const maps = mapsWindow().google?.maps;
      if (!maps?.places && typeof maps?.importLibrary === "function") {
        maps.importLibrary("places").then(check, () => finish(new Error("Google Maps Places failed to load")));
      }
      check();
    });
    check();
  });
  return pending;
}

/** Tests only: forget the shared promise so each test starts from an unloaded page. */
export function resetGoogleMapsLoaderForTests(): void {
  pending = null;
}
