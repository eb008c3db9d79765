import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { EMAIL_POLL_MS, EmailSimulationPopup } from "@/components/email-simulation/email-simulation-popup";
import { installFakeFetch } from "../helpers/fake-fetch";

const first = {
  recipientEmail: "ada@example.test",
  subject: "Spring treat - a voucher from Daily Grind",
  timestamp: "2026-11-22T14:05:00.000Z",
  html: "<p>first body <script>window.parent.hacked = true</script></p>",
};
const second = { ...first, recipientEmail: "bo@example.test", subject: "Spring treat - second", html: "<p>second body</p>" };

function renderPopup(open: boolean) {
  const onOpenChange = jest.fn();
  const client = makeQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <EmailSimulationPopup open={open} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { onOpenChange, view, client };
}

describe("Email Simulation popup", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => jest.runOnlyPendingTimers());
    jest.useRealTimers();
  });

  it("shows recipient, subject, en-GB time and the body in a sandboxed frame, polling every 1000 ms while open", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: first }, { status: 200, body: second }, { status: 200, body: second });
    const { onOpenChange } = renderPopup(true);

    expect(await screen.findByText(first.subject)).toBeInTheDocument();
    expect(screen.getByText("ada@example.test")).toBeInTheDocument();
    expect(screen.getByTestId("simulated-email-time")).toHaveTextContent("22/11/2026, 14:05");
    const frame = screen.getByTitle("email preview");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame).toHaveAttribute("sandbox", "");
    expect(frame.getAttribute("srcdoc")).toBe(first.html);
    // The body is never injected into the page itself.
    expect(screen.queryByText("first body")).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe("/api/test/last-simulated-email");

    await act(async () => {
      jest.advanceTimersByTime(EMAIL_POLL_MS);
    });
    expect(await screen.findByText(second.subject)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(async () => {
      jest.advanceTimersByTime(EMAIL_POLL_MS);
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);

    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole("button", { name: "Acknowledge" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByRole("button", { name: "Close" })).toBeInTheDocument();
  });

  it("stops polling once closed", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: first }, { status: 200, body: second });
    const onOpenChange = jest.fn();
    const client = makeQueryClient();
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <EmailSimulationPopup open onOpenChange={onOpenChange} />
      </QueryClientProvider>,
    );
    await screen.findByText(first.subject);
    rerender(
      <QueryClientProvider client={client}>
        <EmailSimulationPopup open={false} onOpenChange={onOpenChange} />
      </QueryClientProvider>,
    );
    await act(async () => {
      jest.advanceTimersByTime(5 * EMAIL_POLL_MS);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText(first.subject)).not.toBeInTheDocument());
  });

  it("does not open, and stops asking, when email is not simulated (404)", async () => {
    const fetchMock = installFakeFetch({ status: 404, body: { message: "Not found" } });
    const { onOpenChange } = renderPopup(true);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(5 * EMAIL_POLL_MS);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("asks nothing while not requested", async () => {
    const fetchMock = installFakeFetch();
    renderPopup(false);
    await act(async () => {
      jest.advanceTimersByTime(3 * EMAIL_POLL_MS);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
