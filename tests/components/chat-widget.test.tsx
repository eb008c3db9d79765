import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { Toaster } from "@/components/ui/toaster";
import { dismiss } from "@/hooks/use-toast";
import { SupportChatWidget } from "@/components/chrome/support-chat-widget";
import { CHAT_NOTES_DELAY_MS, CHAT_POLL_MS, CHAT_SYSTEM_NOTES } from "@/lib/rules/chat";
import type { ChatMessageDto, ChatSessionDto } from "@/lib/chat/chat-dto";
import { installDomShims, installRouteFetch, type RouteReply } from "./account-route-fetch";

// Fake timers throughout: the 3 s poll and the 0.5 s notes are driven by the test.

const msg = (id: number, content: string, isUser = true): ChatMessageDto => ({
  id,
  sessionId: 7,
  content,
  messageType: "human_support",
  isUser,
  senderName: isUser ? "Ada Owner" : "Support",
  createdAt: "2026-11-22T10:00:00Z",
  metadata: null,
});
const session = (messages: ChatMessageDto[], status = "active"): ChatSessionDto => ({
  id: 7,
  subject: "Support Request",
  sessionType: "message",
  status,
  businessName: "The Daily Grind",
  lastActivityAt: "2026-11-22T10:00:00Z",
  createdAt: "2026-11-22T10:00:00Z",
  messages,
});

type Gate = { release: () => void };
function deferred(reply: RouteReply): { handler: () => Promise<RouteReply>; gate: Gate } {
  let release = () => {};
  const wait = new Promise<void>((r) => (release = r));
  return { handler: () => wait.then(() => reply), gate: { release: () => release() } };
}

function renderWidget() {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <SupportChatWidget />
      <Toaster />
    </QueryClientProvider>,
  );
}

const flush = () =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
const input = () => screen.getByLabelText("Message");
const sendButton = () => screen.getByRole("button", { name: "Send message" });
async function open() {
  fireEvent.click(screen.getByRole("button", { name: "Open support chat" }));
  await flush();
}

beforeAll(installDomShims);
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => dismiss());
  jest.useRealTimers();
});

describe("support chat widget", () => {
  it("disables send for an empty or whitespace-only message", async () => {
    installRouteFetch({ "GET /api/chat/sessions": { status: 200, body: [] } });
    renderWidget();
    await open();
    expect(sendButton()).toBeDisabled();
    fireEvent.change(input(), { target: { value: "   \n  " } });
    expect(sendButton()).toBeDisabled();
    fireEvent.keyDown(input(), { key: "Enter" });
    await flush();
    fireEvent.change(input(), { target: { value: "hello" } });
    expect(sendButton()).toBeEnabled();
  });

  it("creates a 'Support Request' session on Enter, disables send while pending, and shows the four notes after 0.5 s", async () => {
    const created = deferred({ status: 201, body: session([msg(1, "My scanner is stuck")]) });
    const routes = installRouteFetch({ "GET /api/chat/sessions": { status: 200, body: [] }, "POST /api/chat/sessions": created.handler });
    renderWidget();
    await open();
    fireEvent.change(input(), { target: { value: "My scanner is stuck" } });
    fireEvent.keyDown(input(), { key: "Enter" });
    await flush();
    expect(routes.callsTo("POST", "/api/chat/sessions")).toHaveLength(1);
    expect(routes.callsTo("POST", "/api/chat/sessions")[0].body).toEqual({ type: "message", subject: "Support Request", initialMessage: "My scanner is stuck" });
    expect(sendButton()).toBeDisabled(); // pending
    fireEvent.keyDown(input(), { key: "Enter" }); // a second Enter while pending sends nothing
    await flush();
    expect(routes.callsTo("POST", "/api/chat/sessions")).toHaveLength(1);

    await act(async () => {
      created.gate.release();
      await jest.advanceTimersByTimeAsync(0);
    });
    const log = screen.getByRole("log", { name: "Chat messages" });
    expect(within(log).getByText("My scanner is stuck")).toBeInTheDocument();
    expect(input()).toHaveValue("");
    expect(screen.queryAllByTestId("chat-system-note")).toHaveLength(0);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(CHAT_NOTES_DELAY_MS - 1);
    });
    expect(screen.queryAllByTestId("chat-system-note")).toHaveLength(0);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(screen.getAllByTestId("chat-system-note").map((n) => n.textContent)).toEqual([...CHAT_SYSTEM_NOTES]);
  });

  it("adds a newline with Shift+Enter instead of sending", async () => {
    const routes = installRouteFetch({ "GET /api/chat/sessions": { status: 200, body: [] } });
    renderWidget();
    await open();
    fireEvent.change(input(), { target: { value: "line one" } });
    const notCancelled = fireEvent.keyDown(input(), { key: "Enter", shiftKey: true });
    expect(notCancelled).toBe(true); // the textarea's default (a new line) happens
    await flush();
    expect(routes.calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("sends later messages to the open session and polls every 3 s while open", async () => {
    let current = session([msg(1, "hello")]);
    const routes = installRouteFetch({
      "GET /api/chat/sessions": () => ({ status: 200, body: [current] }),
      "POST /api/chat/sessions/7/messages": (init) => {
        const { content } = JSON.parse(String(init?.body));
        const m = msg(2, content);
        current = { ...current, messages: [...current.messages, m] };
        return { status: 201, body: m };
      },
    });
    renderWidget();
    await open();
    expect(screen.getByText("hello")).toBeInTheDocument();
    fireEvent.change(input(), { target: { value: "  any news?  " } });
    fireEvent.click(sendButton());
    await flush();
    expect(routes.callsTo("POST", "/api/chat/sessions/7/messages")[0].body).toEqual({ content: "any news?" });
    expect(screen.getByText("any news?")).toBeInTheDocument();
    expect(screen.queryAllByTestId("chat-system-note")).toHaveLength(0); // notes only when a chat starts

    const reads = routes.callsTo("GET", "/api/chat/sessions").length;
    current = { ...current, messages: [...current.messages, msg(3, "Hi Ada, looking into it", false)] };
    await act(async () => {
      await jest.advanceTimersByTimeAsync(CHAT_POLL_MS);
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50); // let the poll's answer render
    });
    expect(routes.callsTo("GET", "/api/chat/sessions").length).toBe(reads + 1);
    expect(screen.getByText("Hi Ada, looking into it")).toBeInTheDocument();

    fireEvent.click(screen.getAllByRole("button", { name: "Close support chat" })[0]);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(CHAT_POLL_MS * 3);
    });
    expect(routes.callsTo("GET", "/api/chat/sessions").length).toBe(reads + 1); // no polling while closed
  });

  it("tells the owner when the chat was closed and starts a new one next time", async () => {
    installRouteFetch({
      "GET /api/chat/sessions": { status: 200, body: [session([msg(1, "old")], "active")] },
      "POST /api/chat/sessions/7/messages": { status: 409, body: { message: "This chat is closed. Please start a new chat." } },
    });
    renderWidget();
    await open();
    fireEvent.change(input(), { target: { value: "hello?" } });
    fireEvent.click(sendButton());
    await flush();
    expect(screen.getByText("Message not sent")).toBeInTheDocument();
    expect(screen.getByText("This chat is closed. Please start a new chat.")).toBeInTheDocument();
    expect(input()).toHaveValue("hello?"); // kept to send again
  });
});
