// Work-around for @electric-sql/pglite-socket 0.1.6: it funnels every client connection into
// PGlite's single session and queues their protocol messages one by one. It keeps a client
// exclusive while that client has a transaction open, but not between the messages of one
// extended-protocol exchange (Parse, Bind, Describe, Execute ... Sync), so two clients querying at
// once corrupt each other's unnamed prepared statement ("bind message supplies 3 parameters, but
// prepared statement "" requires 10"). This keeps a client exclusive from its first message until
// its Sync (or simple Query), exactly as the server already does for transactions.

type Queued = { handlerId: number; message: Uint8Array };
type QueueManager = {
  queue: Queued[];
  lastHandlerId: number | null;
  db: { isInTransaction(): boolean };
  processQueue(): Promise<void>;
  clearQueueForHandler(id: number): void;
  __syncFix?: true;
};

const ENDS_EXCHANGE = new Set([0x53 /* S Sync */, 0x51 /* Q Query */, 0x58 /* X Terminate */]);
// A new connection's start-up packet (no type byte: it begins with its length, whose first byte is 0)
// and its password message are answered at once and open no exchange: counting them as one kept the
// queue on a client that had connected but not queried yet, and every other client waited for it.
const STARTUP = new Set([0x00 /* start-up packet */, 0x70 /* p PasswordMessage */]);

export function applyPgliteQueueFix(server: unknown): void {
  const q = (server as { queryQueue?: QueueManager }).queryQueue;
  if (!q || q.__syncFix) return;
  let midExchange: number | null = null; // the client whose exchange is still open

  const origProcess = q.processQueue.bind(q);
  const db = q.db;
  // The manager already pins the queue to lastHandlerId while a transaction is open; report
  // "in a transaction" also while a client's exchange is unfinished, and track it per message.
  q.db = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "isInTransaction") return () => target.isInTransaction() || (midExchange !== null && midExchange === q.lastHandlerId);
      const v = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  q.processQueue = async function () {
    // Wrap each dequeue: note the message type the chosen client sent.
    const shift = this.queue.shift.bind(this.queue);
    const splice = this.queue.splice.bind(this.queue);
    const note = (item: Queued | undefined) => {
      if (item) midExchange = ENDS_EXCHANGE.has(item.message[0]) || STARTUP.has(item.message[0]) ? null : item.handlerId;
      return item;
    };
    this.queue.shift = () => note(shift());
    this.queue.splice = ((start: number, count: number, ...items: Queued[]) => {
      const removed = splice(start, count, ...items);
      if (count === 1 && items.length === 0) note(removed[0]);
      return removed;
    }) as typeof this.queue.splice;
    try {
      await origProcess();
    } finally {
      this.queue.shift = shift;
      this.queue.splice = splice;
    }
  };
  const origClear = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = (id: number) => {
    origClear(id);
    if (midExchange === id) {
      midExchange = null;
      void q.processQueue();
    }
  };
  q.__syncFix = true;
}
