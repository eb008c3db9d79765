import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { QrScannerDialog } from "@/components/transactions/qr-scanner-dialog";
import { TransactionHub } from "@/components/transactions/transaction-hub";
import { startQrCamera, type StartCamera } from "@/components/transactions/qr-camera";
import { callsTo, customer, polyfillRadix, renderWithClient, routeFetch, type Route } from "./transaction-fixtures";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => "/transactions",
  useSearchParams: () => new URLSearchParams(""),
}));

polyfillRadix();

const dana = customer(7, { name: "Dana Drinker", membershipNumber: "12345678", totalPoints: 230 });

/** A stand-in camera: records the code callback so a test can "show" a QR code to it. */
function fakeCamera() {
  const stop = jest.fn();
  let show: ((text: string) => void) | null = null;
  const start: jest.MockedFunction<StartCamera> = jest.fn(async (_video, onCode) => {
    show = onCode;
    return { stop };
  });
  return { start, stop, show: (text: string) => act(() => show?.(text)) };
}

const lookups = (fetch: jest.Mock) => callsTo(fetch, "GET", /^\/api\/customers\/by-membership\//);

const originalMediaDevices = Object.getOwnPropertyDescriptor(navigator, "mediaDevices");
afterEach(() => {
  act(() => dismiss());
  if (originalMediaDevices) Object.defineProperty(navigator, "mediaDevices", originalMediaDevices);
  else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
});

function stubMediaDevices(getUserMedia: jest.Mock | undefined) {
  Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: getUserMedia ? { getUserMedia } : undefined });
}

describe("QR scanner dialog", () => {
  it("a typed membership number is looked up and opens the Process Transaction dialog for that customer", async () => {
    const user = userEvent.setup();
    const camera = fakeCamera();
    const fetch = routeFetch([
      ["GET", "/api/customers/by-membership/12345678", { status: 200, body: dana }],
      ["GET", "/api/transactions", { status: 200, body: [] }],
      ["GET", "/api/promos", { status: 200, body: [] }],
      ["GET", "/api/customers", { status: 200, body: [dana] }],
      ["GET", /^\/api\/customers\/\d+\/promos$/, { status: 200, body: [] }],
    ]);
    renderWithClient(<TransactionHub startCamera={camera.start} />);
    await user.click(screen.getByRole("button", { name: "scan qr" }));
    const scanner = await screen.findByRole("dialog", { name: "Scan Membership QR Code" });
    await waitFor(() => expect(camera.start).toHaveBeenCalledTimes(1));

    await user.type(within(scanner).getByLabelText("membership number"), " LC-12345678 ");
    await user.click(within(scanner).getByRole("button", { name: "look up" }));

    expect(await screen.findByText("customer identified")).toBeInTheDocument();
    expect(screen.getByText("found Dana Drinker via QR scan")).toBeInTheDocument();
    expect(lookups(fetch).map((c) => c.url.pathname)).toEqual(["/api/customers/by-membership/12345678"]);
    const process = await screen.findByRole("dialog", { name: "process transaction" });
    expect(within(process).getByText("Dana Drinker")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Scan Membership QR Code" })).not.toBeInTheDocument();
    expect(camera.stop).toHaveBeenCalled();
  });

  it("a decoded code ('LC-' + number) is looked up by the number, and the camera stops on success", async () => {
    const camera = fakeCamera();
    const onIdentified = jest.fn();
    const fetch = routeFetch([["GET", "/api/customers/by-membership/12345678", { status: 200, body: dana }]]);
    renderWithClient(<QrScannerDialog open onOpenChange={jest.fn()} onIdentified={onIdentified} startCamera={camera.start} />);
    await waitFor(() => expect(camera.start).toHaveBeenCalledTimes(1));
    expect(camera.start.mock.calls[0][0]).toBeInstanceOf(HTMLVideoElement);

    camera.show("LC-12345678");
    await waitFor(() => expect(onIdentified).toHaveBeenCalledWith(expect.objectContaining({ id: 7, name: "Dana Drinker" })));
    expect(lookups(fetch)).toHaveLength(1);
    expect(camera.stop).toHaveBeenCalledTimes(1);
    expect(screen.getByText("found Dana Drinker via QR scan")).toBeInTheDocument();
  });

  it("an unknown number shows 'customer not found', and the same code held up again is not looked up at once", async () => {
    const camera = fakeCamera();
    const onIdentified = jest.fn();
    const fetch = routeFetch([["GET", /^\/api\/customers\/by-membership\//, { status: 404, body: { message: "no customer found with this membership number" } }]]);
    renderWithClient(<QrScannerDialog open onOpenChange={jest.fn()} onIdentified={onIdentified} startCamera={camera.start} />);
    await waitFor(() => expect(camera.start).toHaveBeenCalled());
    camera.show("99999999");
    expect(await screen.findByText("customer not found")).toBeInTheDocument();
    expect(screen.getByText("no customer found with this membership number")).toBeInTheDocument();
    camera.show("99999999");
    expect(lookups(fetch)).toHaveLength(1);
    expect(onIdentified).not.toHaveBeenCalled();
    expect(camera.stop).not.toHaveBeenCalled();
  });

  it("any other failure shows 'scan error'", async () => {
    const user = userEvent.setup();
    const camera = fakeCamera();
    routeFetch([["GET", /^\/api\/customers\/by-membership\//, { status: 500, body: { message: "database down" } }]]);
    renderWithClient(<QrScannerDialog open onOpenChange={jest.fn()} onIdentified={jest.fn()} startCamera={camera.start} />);
    await user.type(screen.getByLabelText("membership number"), "12345678");
    await user.click(screen.getByRole("button", { name: "look up" }));
    expect(await screen.findByText("scan error")).toBeInTheDocument();
    expect(screen.getByText("failed to identify customer from QR code")).toBeInTheDocument();
  });

  it("a denied camera permission shows the spec's message; try again asks again", async () => {
    const user = userEvent.setup();
    const getUserMedia = jest.fn().mockRejectedValue(new DOMException("Permission denied", "NotAllowedError"));
    stubMediaDevices(getUserMedia);
    routeFetch([]);
    renderWithClient(<QrScannerDialog open onOpenChange={jest.fn()} onIdentified={jest.fn()} startCamera={startQrCamera} />);
    expect(await screen.findByText("Unable to access camera. Please check permissions and try again.")).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ video: expect.anything() }));

    await user.click(screen.getByRole("button", { name: "try again" }));
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(2));
    expect(await screen.findByText("Unable to access camera. Please check permissions and try again.")).toBeInTheDocument();
    // The typed fallback stays available.
    expect(screen.getByLabelText("membership number")).toBeEnabled();
  });

  it("no camera on the device shows the no-camera message", async () => {
    stubMediaDevices(jest.fn().mockRejectedValue(new DOMException("Requested device not found", "NotFoundError")));
    routeFetch([]);
    const first = renderWithClient(<QrScannerDialog open onOpenChange={jest.fn()} onIdentified={jest.fn()} startCamera={startQrCamera} />);
    expect(await screen.findByText("No camera found on this device.")).toBeInTheDocument();
    first.unmount();

    stubMediaDevices(undefined);
    renderWithClient(<QrScannerDialog open onOpenChange={jest.fn()} onIdentified={jest.fn()} startCamera={startQrCamera} />);
    expect(await screen.findByText("No camera found on this device.")).toBeInTheDocument();
  });

  it("cancel closes the dialog and stops the camera", async () => {
    const user = userEvent.setup();
    const camera = fakeCamera();
    routeFetch([] as Route[]);
    const onOpenChange = jest.fn();
    const view = renderWithClient(<QrScannerDialog open onOpenChange={onOpenChange} onIdentified={jest.fn()} startCamera={camera.start} />);
    await waitFor(() => expect(camera.start).toHaveBeenCalled());
    await act(async () => {});
    await user.click(screen.getByRole("button", { name: "cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    view.rerender(<QrScannerDialog open={false} onOpenChange={onOpenChange} onIdentified={jest.fn()} startCamera={camera.start} />);
    await waitFor(() => expect(camera.stop).toHaveBeenCalledTimes(1));
  });

  it("a camera that starts after the dialog closed is stopped straight away", async () => {
    const stop = jest.fn();
    let resolve: ((c: { stop: () => void }) => void) | null = null;
    const slow: StartCamera = () => new Promise((r) => (resolve = r));
    routeFetch([]);
    const view = renderWithClient(<QrScannerDialog open onOpenChange={jest.fn()} onIdentified={jest.fn()} startCamera={slow} />);
    view.rerender(<QrScannerDialog open={false} onOpenChange={jest.fn()} onIdentified={jest.fn()} startCamera={slow} />);
    await act(async () => resolve?.({ stop }));
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
