import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { AdminMessagesModal, type UnreadAdminMessage } from "@/components/chrome/admin-messages-modal";
import { installDomShims, installRouteFetch } from "./account-route-fetch";

const messages: UnreadAdminMessage[] = [
  { id: 11, title: "Welcome to the beta", content: "Thanks for joining!", createdAt: "2026-11-01T10:00:00Z" },
  { id: 12, title: "New: vouchers", content: "Send vouchers by SMS.", createdAt: "2026-11-02T10:00:00Z" },
  { id: 13, title: "Maintenance", content: "Sunday 2am.", createdAt: "2026-11-03T10:00:00Z" },
];

function setup(unread: UnreadAdminMessage[] = messages) {
  const read = new Set<number>();
  const routes = installRouteFetch({
    "GET /api/admin-messages/unread": () => ({ status: 200, body: unread.filter((m) => !read.has(m.id)) }),
    ...Object.fromEntries(
      unread.map((m) => [
        `POST /api/admin-messages/${m.id}/read`,
        () => {
          read.add(m.id);
          return { status: 200, body: { message: "Message marked as read", id: m.id, recorded: true } };
        },
      ]),
    ),
  });
  return routes;
}

function renderModal(disabled = false) {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <AdminMessagesModal disabled={disabled} />
    </QueryClientProvider>,
  );
}

beforeAll(installDomShims);

describe("admin messages modal", () => {
  it("shows the messages one at a time with 'x of N'; 'got it' and closing both mark them read", async () => {
    const routes = setup();
    renderModal();
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Welcome to the beta");
    expect(dialog).toHaveTextContent("Thanks for joining!");
    expect(screen.getByTestId("admin-message-position")).toHaveTextContent("1 of 3");

    await userEvent.click(screen.getByRole("button", { name: "got it" }));
    expect(await screen.findByText("New: vouchers")).toBeInTheDocument();
    expect(screen.getByTestId("admin-message-position")).toHaveTextContent("2 of 3");

    await userEvent.click(screen.getByRole("button", { name: "Close" })); // the dialog's x
    expect(await screen.findByText("Maintenance")).toBeInTheDocument();
    expect(screen.getByTestId("admin-message-position")).toHaveTextContent("3 of 3");

    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(routes.calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      "/api/admin-messages/11/read",
      "/api/admin-messages/12/read",
      "/api/admin-messages/13/read",
    ]));
    // the list is read again after the last one, and nothing is left
    await waitFor(() => expect(routes.callsTo("GET", "/api/admin-messages/unread").length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows a single message as '1 of 1'", async () => {
    setup([messages[0]]);
    renderModal();
    await screen.findByRole("dialog");
    expect(screen.getByTestId("admin-message-position")).toHaveTextContent("1 of 1");
  });

  it("stays away while a super admin is logged in as the business", async () => {
    const routes = setup();
    renderModal(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(routes.fn).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
