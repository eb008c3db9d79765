// Email HTML helpers. Every value that came from a person is escaped.
export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A simple, mobile-friendly email layout (inline styles: email clients ignore stylesheets). */
export function emailLayout(title: string, body: string, footer: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f6f3ee;font-family:Helvetica,Arial,sans-serif;color:#2b211c">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#ffffff;border-radius:12px;padding:24px">${body}</div>
<p style="font-size:12px;color:#6b5e57;margin-top:16px">${footer}</p>
</div></body></html>`;
}

export function button(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;background:#0f6b6b;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:8px;margin:4px 4px 4px 0">${escapeHtml(label)}</a>`;
}
