import { z } from "zod";
import { dbId } from "@/lib/validation/id";
import { emailAddress, normaliseUkPhone, optionalBoolean, text, ukPhone } from "@/lib/validation/common";
import { LINK_PASSWORD_MIN, LINK_PASSWORD_TOO_SHORT } from "@/lib/validation/link-password";

// Spec 3 section 5: the sign-in, sign-up and password-reset rules, with the spec's messages word
// for word. Shared by the route handlers and the forms.

export const PHONE_RULE_MESSAGE = "please enter a valid UK phone number";
export const VERIFICATION_CODE_MESSAGE = "Please enter a 4-digit verification code";
export const ACCESS_CODE_MESSAGE = "Invalid access code. Please try again.";

/** Exactly 4 digits. */
export const fourDigitCode = z.string({ error: VERIFICATION_CODE_MESSAGE }).trim().regex(/^\d{4}$/, VERIFICATION_CODE_MESSAGE);

export const loginSchema = z.object({
  email: emailAddress("please enter a valid email address"),
  password: z
    .string({ error: "password must be at least 8 characters" })
    .min(8, "password must be at least 8 characters")
    .max(200, "password must be at most 200 characters"),
});
export type LoginInput = z.input<typeof loginSchema>;

export const signupStep1Schema = z.object({
  businessName: text(120, "business name").pipe(z.string().min(2, "business name must be at least 2 characters")),
  ownerFirstName: text(60, "first name").pipe(z.string().min(2, "first name must be at least 2 characters")),
  ownerLastName: text(60, "last name").pipe(z.string().min(2, "last name must be at least 2 characters")),
  email: emailAddress("please enter a valid email address"),
  phone: ukPhone(PHONE_RULE_MESSAGE),
  businessAddress: text(300, "business address").pipe(z.string().min(5, "please enter a valid business address")),
});

/** The owner password rules; `capitalised` gives the reset dialog's wording ("Password must ..."). */
function passwordRules(capitalised: boolean) {
  const word = capitalised ? "Password" : "password";
  return z
    .string({ error: `${word} must be at least 8 characters long` })
    .min(8, `${word} must be at least 8 characters long`)
    .max(200, `${word} must be at most 200 characters`)
    .regex(/[A-Za-z]/, `${word} must contain at least one letter`)
    .regex(/\d/, `${word} must contain at least one number`)
    .regex(/[^A-Za-z0-9]/, `${word} must contain at least one special character`);
}

export const newPasswordSchema = passwordRules(false);

export const signupStep2Schema = z.object({
  password: newPasswordSchema,
  confirmPassword: z.string({ error: "passwords don't match" }).max(200),
  acceptTerms: z.literal(true, { error: "you must accept the terms and conditions to continue" }),
  emailMarketing: optionalBoolean,
  smsMarketing: optionalBoolean,
});

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

export const signupStep2FormSchema = signupStep2Schema.refine(passwordsMatch, {
  message: "passwords don't match",
  path: ["confirmPassword"],
});

// A custom check: the error formatter would put the field name in front of a built-in check's
// message starting with "Invalid", and the spec's message must read exactly.
const accessCodeOf = (min: number) =>
  z
    .custom<string>((v) => typeof v === "string" && v.trim().length >= min && v.trim().length <= 64, ACCESS_CODE_MESSAGE)
    .transform((v) => v.trim());
const accessCode = accessCodeOf(0);

/** POST /api/auth/signup: both steps, the access code (PIN protection), a referral code, and the
 *  4-digit code texted to the phone: the account is created only once the phone is verified. */
export const signupSchema = signupStep1Schema
  .extend(signupStep2Schema.shape)
  .extend({
    accessCode: accessCode.optional(),
    referralCode: z.string().trim().max(64).optional(),
    verificationCode: fourDigitCode,
  })
  .refine(passwordsMatch, { message: "passwords don't match", path: ["confirmPassword"] });
export type SignupInput = z.input<typeof signupSchema>;

/** POST /api/auth/verify-access-code. */
export const verifyAccessCodeSchema = z.object({ accessCode: accessCodeOf(1) });

/** POST /api/auth/signup/send-code: the number to verify, and (optionally) the email and access
 *  code so that a code is not texted for a sign-up that would be refused anyway. */
export const signupSendCodeSchema = z.object({
  phone: ukPhone(PHONE_RULE_MESSAGE).transform(normaliseUkPhone),
  email: emailAddress("please enter a valid email address").optional(),
  accessCode: accessCode.optional(),
});

/** POST /api/auth/forgot-password {phone} or {phone, businessId}. */
export const forgotPasswordSchema = z.object({
  phone: ukPhone(PHONE_RULE_MESSAGE).transform(normaliseUkPhone),
  businessId: dbId("Please choose an account").optional(),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

const resetPasswordFields = z.object({
  newPassword: passwordRules(true),
  confirmPassword: z.string({ error: "Passwords don't match" }).max(200, "Passwords don't match"),
  code: fourDigitCode,
});
const newPasswordsMatch = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;

/** The reset step of the forgot-password dialog (the token is held by the dialog). */
export const resetPasswordFormSchema = resetPasswordFields.refine(newPasswordsMatch, { message: "Passwords don't match", path: ["confirmPassword"] });

/** POST /api/auth/reset-password {newPassword, confirmPassword, token, code}. */
export const resetPasswordSchema = resetPasswordFields
  .extend({ token: z.string({ error: "invalid verification code or expired token." }).trim().min(1, "invalid verification code or expired token.").max(200) })
  .refine(newPasswordsMatch, { message: "Passwords don't match", path: ["confirmPassword"] });

// The reset-password page (links issued by a super admin): spec 3 sections 5 and 8. Only the
// length is enforced, as the spec says ("letters and numbers" is a hint).
export { LINK_PASSWORD_MIN, LINK_PASSWORD_TOO_SHORT } from "@/lib/validation/link-password";
export const INVALID_RESET_LINK = "This reset link is invalid or has expired. Please ask for a new one.";

/** POST /api/reset-password {token, businessId, newPassword}. */
export const linkResetPasswordSchema = z.object({
  token: z.string({ error: INVALID_RESET_LINK }).trim().min(1, INVALID_RESET_LINK).max(200, INVALID_RESET_LINK),
  businessId: dbId(INVALID_RESET_LINK),
  newPassword: z
    .string({ error: "Please enter both password fields." })
    .min(1, "Please enter both password fields.")
    .min(LINK_PASSWORD_MIN, LINK_PASSWORD_TOO_SHORT)
    .max(200, "Password must be at most 200 characters."),
});
