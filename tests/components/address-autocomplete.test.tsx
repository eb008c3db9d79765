import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm, useWatch } from "react-hook-form";
import { AddressAutocompleteInput } from "@/components/forms/address-autocomplete-input";
import { GOOGLE_MAPS_SCRIPT_ID, loadGoogleMapsPlaces, resetGoogleMapsLoaderForTests, type AutocompleteOptions } from "@/lib/client/load-google-maps";

// The business address field (spec 3 section 7: "A maps address autocomplete is loaded for
// business address entry, restricted to country GB."): plain without a key, Google Places
// Autocomplete restricted to GB with one, plain again if the maps script fails.

type Listener = () => void;

class FakeAutocomplete {
  static instances: FakeAutocomplete[] = [];
  listeners = new Map<string, Listener>();
  place: { formatted_address?: string } = {};
  constructor(
    public input: HTMLInputElement,
    public options?: AutocompleteOptions,
  ) {
    FakeAutocomplete.instances.push(this);
  }
  addListener(event: string, handler: Listener) {
    this.listeners.set(event, handler);
    return { remove: () => this.listeners.delete(event) };
  }
  getPlace() {
    return this.place;
  }
}

type TestWindow = Window & { google?: unknown };

function installGoogleStub() {
  (window as TestWindow).google = { maps: { places: { Autocomplete: FakeAutocomplete } } };
}

const submitted = jest.fn();

function AddressForm({ mapsApiKey }: { mapsApiKey?: string }) {
  const form = useForm({ defaultValues: { businessAddress: "" } });
  return (
    <form onSubmit={form.handleSubmit((values) => submitted(values))}>
      <AddressAutocompleteInput label="Business address" mapsApiKey={mapsApiKey} error={form.formState.errors.businessAddress?.message} {...form.register("businessAddress", { required: "business address is required" })} />
      <p data-testid="value">{useWatch({ control: form.control, name: "businessAddress" })}</p>
      <button type="submit">Save</button>
    </form>
  );
}

const scripts = () => Array.from(document.querySelectorAll<HTMLScriptElement>("script")).filter((s) => s.src.includes("maps.googleapis.com"));

describe("AddressAutocompleteInput", () => {
  beforeEach(() => {
    submitted.mockReset();
    FakeAutocomplete.instances = [];
    resetGoogleMapsLoaderForTests();
    delete (window as TestWindow).google;
    document.getElementById(GOOGLE_MAPS_SCRIPT_ID)?.remove();
  });

  it("without a key is a plain field and loads nothing", async () => {
    render(<AddressForm mapsApiKey="" />);
    const input = screen.getByLabelText("Business address");
    expect(input).toHaveAttribute("autocomplete", "street-address");
    expect(input).not.toHaveAttribute("data-maps-autocomplete");
    expect(scripts()).toHaveLength(0);

    await userEvent.type(input, "1 High Street, Bristol");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ businessAddress: "1 High Street, Bristol" }));
    expect(scripts()).toHaveLength(0);
  });

  it("with a key loads Places once and attaches a GB-only autocomplete that fills the form", async () => {
    render(
      <>
        <AddressForm mapsApiKey="test-key" />
        <AddressForm mapsApiKey="test-key" />
      </>,
    );
    expect(scripts()).toHaveLength(1);
    const src = new URL(scripts()[0].src);
    expect(src.origin + src.pathname).toBe("https://maps.googleapis.com/maps/api/js");
    expect(src.searchParams.get("key")).toBe("test-key");
    expect(src.searchParams.get("libraries")).toBe("places");
    expect(src.searchParams.get("loading")).toBe("async");
    expect(scripts()[0].async).toBe(true);

    installGoogleStub();
    act(() => {
      scripts()[0].dispatchEvent(new Event("load"));
    });
    await waitFor(() => expect(FakeAutocomplete.instances).toHaveLength(2));

    const [first] = screen.getAllByLabelText("Business address");
    expect(first).toHaveAttribute("autocomplete", "off");
    const autocomplete = FakeAutocomplete.instances.find((a) => a.input === first)!;
    expect(autocomplete.options).toEqual({ componentRestrictions: { country: ["gb"] }, fields: ["formatted_address"], types: ["address"] });
    expect(autocomplete.listeners.has("place_changed")).toBe(true);

    autocomplete.place = { formatted_address: "10 Downing St, London SW1A 2AA, UK" };
    act(() => autocomplete.listeners.get("place_changed")!());
    expect(first).toHaveValue("10 Downing St, London SW1A 2AA, UK");
    expect(screen.getAllByTestId("value")[0]).toHaveTextContent("10 Downing St, London SW1A 2AA, UK");
    expect(screen.getAllByTestId("value")[1]).toHaveTextContent("");

    await userEvent.click(screen.getAllByRole("button", { name: "Save" })[0]);
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ businessAddress: "10 Downing St, London SW1A 2AA, UK" }));
    expect(scripts()).toHaveLength(1);
  });

  it("stays a working plain field when the maps script fails to load", async () => {
    render(<AddressForm mapsApiKey="test-key" />);
    expect(scripts()).toHaveLength(1);
    act(() => {
      scripts()[0].dispatchEvent(new Event("error"));
    });
    await waitFor(() => expect(scripts()).toHaveLength(0));
    expect(FakeAutocomplete.instances).toHaveLength(0);

    const input = screen.getByLabelText("Business address");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("business address is required")).toBeInTheDocument();
    expect(submitted).not.toHaveBeenCalled();

    await userEvent.type(input, "1 High Street, Bristol");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ businessAddress: "1 High Street, Bristol" }));
  });

  it("gives up after the timeout, removes the script and loads afresh on the next call", async () => {
    await expect(loadGoogleMapsPlaces("slow-key", 30)).rejects.toThrow("Google Maps took too long to load");
    expect(scripts()).toHaveLength(0);

    const retry = loadGoogleMapsPlaces("slow-key", 1000);
    expect(scripts()).toHaveLength(1);
    installGoogleStub();
    scripts()[0].dispatchEvent(new Event("load"));
    await expect(retry).resolves.toHaveProperty("Autocomplete", FakeAutocomplete);
  });

  it("Enter on an open suggestion list picks the address instead of submitting the form", async () => {
    installGoogleStub();
    render(<AddressForm mapsApiKey="test-key" />);
    await waitFor(() => expect(FakeAutocomplete.instances).toHaveLength(1));
    const input = screen.getByLabelText("Business address");
    const list = document.createElement("div");
    list.className = "pac-container";
    list.appendChild(document.createElement("div"));
    document.body.appendChild(list);
    try {
      await userEvent.type(input, "10 Downing{Enter}");
      expect(submitted).not.toHaveBeenCalled();
      list.style.display = "none";
      await userEvent.type(input, "{Enter}");
      await waitFor(() => expect(submitted).toHaveBeenCalledWith({ businessAddress: "10 Downing" }));
    } finally {
      list.remove();
    }
  });
});
