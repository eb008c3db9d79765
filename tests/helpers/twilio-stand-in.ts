import { randomBytes } from "node:crypto";
import type http from "node:http";
import { serveJson, type JsonAnswer as Answer, type StandIn } from "./json-stand-in";

// A local stand-in for Twilio's Programmable Messaging REST API, for the real `twilio` SDK pointed at
// it (client.api.baseUrl = TWILIO_API_BASE). It speaks the one call we make,
// POST /2010-04-01/Accounts/{AccountSid}/Messages.json, and refuses what Twilio refuses with
// Twilio's error body ({ code, message, more_info, status }):
//  - HTTP basic auth must be the account SID (or an SK API key of it) and its auth token, else 401
//    (20003 Authenticate); another account's path: 404 (20404);
//  - parameters come from an application/x-www-form-urlencoded body (any other body has none);
//    To missing: 400 21604; To not E.164:
//    400 21211; neither From nor MessagingServiceSid: 400 21603; a MessagingServiceSid not MG + 32
//    hex: 400 21701; neither Body nor MediaUrl: 400 21602; Body over 1,600 characters: 400 21617;
//  - any other path: 404 (20404); another method on Messages.json: 405 (20004).
// A created message answers 201 with Twilio's message resource (sid SM..., status queued).
// failNext(n, status) answers the next n requests with Twilio's error for that status (429, 500, 503).

export type TwilioRequest = { method: string; path: string; user?: string; contentType?: string; form: Record<string, string>; status: number };
export type TwilioMessage = { sid: string; to: string; from: string | null; messagingServiceSid: string | null; body: string };

export type TwilioStandIn = StandIn<TwilioRequest> & { messages: TwilioMessage[] };

const twilioError = (status: number, code: number, message: string): Answer => ({ status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } });
const FAILURE: Record<number, [number, string]> = {
  400: [21211, "Invalid 'To' Phone Number"],
  429: [20429, "Too Many Requests"],
  500: [20500, "Internal Server Error"],
  503: [20503, "Service Unavailable"],
};

const hex32 = () => randomBytes(16).toString("hex");

export async function startTwilioStandIn(opts: { accountSid: string; authToken: string }): Promise<TwilioStandIn> {
  const requests: TwilioRequest[] = [];
  const messages: TwilioMessage[] = [];
  let failures = { n: 0, status: 500 };

  const answer = (req: http.IncomingMessage, form: Record<string, string>): Answer => {
    const path = (req.url ?? "/").split("?")[0];
    if (failures.n > 0) {
      failures.n--;
      const [code, message] = FAILURE[failures.status] ?? [20500, "Internal Server Error"];
      return twilioError(failures.status, code, message);
    }
    const [scheme, encoded] = (req.headers.authorization ?? "").split(" ");
    const [user, password] = scheme === "Basic" && encoded ? Buffer.from(encoded, "base64").toString("utf8").split(":") : [];
    if (!user || password !== opts.authToken || !(user === opts.accountSid || user.startsWith("SK"))) return twilioError(401, 20003, "Authenticate");
    const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!m || m[1] !== opts.accountSid) return twilioError(404, 20404, `The requested resource ${path} was not found`);
    if (req.method !== "POST") return twilioError(405, 20004, "Method not allowed");
    // Twilio reads parameters from a form body only: any other body reads as no parameters at all.
    if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) return twilioError(400, 21604, "A 'To' phone number is required.");
    const to = form.To;
    if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!/^\+[1-9]\d{7,14}$/.test(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (!form.From && !form.MessagingServiceSid) return twilioError(400, 21603, "A 'From' phone number is required.");
    if (form.MessagingServiceSid && !/^MG[0-9a-f]{32}$/.test(form.MessagingServiceSid)) return twilioError(400, 21701, `The Messaging Service Sid ${form.MessagingServiceSid} is invalid.`);
    if (!form.Body && !form.MediaUrl) return twilioError(400, 21602, "Message body is required.");
    if ((form.Body ?? "").length > 1600) return twilioError(400, 21617, "The concatenated message body exceeds the 1600 character limit.");
    const sid = `SM${hex32()}`;
    const msg: TwilioMessage = { sid, to, from: form.From ?? null, messagingServiceSid: form.MessagingServiceSid ?? null, body: form.Body ?? "" };
    messages.push(msg);
    const now = new Date().toUTCString();
    return {
      status: 201,
      body: {
        sid,
        account_sid: opts.accountSid,
        to,
        from: msg.from,
        messaging_service_sid: msg.messagingServiceSid,
        body: msg.body,
        status: msg.messagingServiceSid ? "accepted" : "queued",
        num_segments: "1",
        num_media: "0",
        direction: "outbound-api",
        api_version: "2010-04-01",
        date_created: now,
        date_updated: now,
        date_sent: null,
        error_code: null,
        error_message: null,
        price: null,
        price_unit: "GBP",
        uri: `/2010-04-01/Accounts/${opts.accountSid}/Messages/${sid}.json`,
        subresource_uris: { media: `/2010-04-01/Accounts/${opts.accountSid}/Messages/${sid}/Media.json` },
      },
    };
  };

  const server = await serveJson((req, raw) => {
    const form = Object.fromEntries(new URLSearchParams(raw));
    const a = answer(req, form);
    const [scheme, encoded] = (req.headers.authorization ?? "").split(" ");
    const user = scheme === "Basic" && encoded ? Buffer.from(encoded, "base64").toString("utf8").split(":")[0] : undefined;
    requests.push({ method: req.method ?? "", path: req.url ?? "", user, contentType: req.headers["content-type"], form, status: a.status });
    return a;
  });
  return {
    url: server.url,
    requests,
    messages,
    failNext(n, status) {
      failures = { n, status };
    },
    close: server.close,
  };
}
