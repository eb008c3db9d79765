// The reset-link password rule (spec 3 section 5), in a module without zod: the reset page checks it
// in the browser without loading the schema library (issue 23). lib/validation/auth.ts builds the
// route's schema on it and re-exports it.
export const LINK_PASSWORD_MIN = 8;
export const LINK_PASSWORD_TOO_SHORT = "Password must be at least 8 characters long.";
