// The automation message as it is sent: the same HTML goes to the simulated outbox and to Resend,
// and the Automations page previews it with the same function. Placeholders are filled first and
// every value is escaped.
import { emailLayout, escapeHtml } from "@/lib/email/html";
import { renderTemplate, type TemplateVars } from "@/lib/automations/automation-rules";

export function automationEmail(subjectTemplate: string, bodyTemplate: string, vars: TemplateVars): { subject: string; text: string; html: string } {
  const subject = renderTemplate(subjectTemplate, vars);
  const text = renderTemplate(bodyTemplate, vars);
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 12px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
  const footer = `You receive this because you agreed to hear from ${escapeHtml(vars.businessName ?? "us")}. Ask us at the till to stop these messages.`;
  return { subject, text, html: emailLayout(subject, `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>${paragraphs}`, footer) };
}
