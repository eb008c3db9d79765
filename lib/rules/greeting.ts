// Spec 1 section 2: 'good morning' for hours 0-11, 'good afternoon' 12-17, otherwise 'good evening',
// followed by the business name or 'superstar'.
export function greetingFor(hour: number): string {
  if (hour < 12) return "good morning";
  if (hour < 18) return "good afternoon";
  return "good evening";
}

export function greetingLine(hour: number, businessName?: string | null): string {
  const name = businessName?.trim() ? businessName.trim() : "superstar";
  return `${greetingFor(hour)}, ${name}`;
}
