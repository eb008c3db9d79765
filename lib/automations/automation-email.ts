// The automation message as it is sent: the owner's subject and text with the placeholders filled
// (renderTemplate), as a React Email template (lib/email/templates/automation-email.tsx) for email
// and as the filled text for SMS. sendEmail renders it for Resend and the outbox, the Automations
// page's preview renders it with the same renderEmail, and the daily run's bulk path renders it once
// with the placeholders in and fills them per customer (fillRendered: the same bytes).
import { renderEmail, fillRendered, type EmailContent, type RenderedEmail } from "@/lib/email/render-email";
import { automationEmailContent } from "@/lib/email/templates/automation-email";
import { renderTemplate, type TemplateVars } from "@/lib/automations/automation-rules";

export function automationEmail(subjectTemplate: string, bodyTemplate: string, vars: TemplateVars): { email: EmailContent; sms: string } {
  const body = renderTemplate(bodyTemplate, vars);
  const businessName = vars.businessName === undefined ? undefined : String(vars.businessName);
  return { email: automationEmailContent(renderTemplate(subjectTemplate, vars), body, businessName), sms: body };
}

/** Renders an automation's email once (placeholders, and the business name as {businessName}, left
 *  in) and answers a function that fills it for one customer. */
export async function automationEmailRenderer(subjectTemplate: string, bodyTemplate: string): Promise<(vars: TemplateVars) => RenderedEmail> {
  const rendered = await renderEmail(automationEmailContent(subjectTemplate, bodyTemplate, "{businessName}"));
  return (vars) => fillRendered(rendered, vars);
}
