// The activity hub's two logs (spec 3 section 3: 'Email log' and 'Activity log'). No server-only
// import: the screens use the types.

export type EmailLogDto = {
  id: number;
  recipientEmail: string;
  customer: { id: number; name: string } | null;
  emailType: string | null;
  subject: string | null;
  /** 'sent', otherwise shown as a failure. */
  status: string;
  simulated: boolean;
  sentAt: string;
};

export type ActivityLogDto = {
  id: number;
  action: string;
  description: string;
  tableName: string | null;
  recordId: string | null;
  oldValues: unknown;
  newValues: unknown;
  actorType: string;
  actorName: string | null;
  createdAt: string;
};

/** One page, newest first; pass nextBefore as ?before= for the next (null: no more). */
export type LogPage<T> = { logs: T[]; nextBefore: number | null };
