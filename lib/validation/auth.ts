import { z } from "zod";
import { emailAddress, optionalBoolean, text, ukPhone } from "@/lib/validation/common";

// Spec 3 section 5: the sign-in and sign-up rules, with the spec's messages word for word.

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
  phone: ukPhone("please enter a valid UK phone number"),
  businessAddress: text(300, "business address").pipe(z.string().min(5, "please enter a valid business address")),
});

export const newPasswordSchema = z
  .string({ error: "password must be at least 8 characters long" })
  .min(8, "password must be at least 8 characters long")
  .max(200, "password must be at most 200 characters")
  .regex(/[A-Za-z]/, "password must contain at least one letter")
  .regex(/\d/, "password must contain at least one number")
  .regex(/[^A-Za-z0-9]/, "password must contain at least one special character");

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

export const signupSchema = signupStep1Schema
  .extend(signupStep2Schema.shape)
  .extend({
    accessCode: z.string().trim().max(64).optional(),
    referralCode: z.string().trim().max(64).optional(),
  })
  .refine(passwordsMatch, { message: "passwords don't match", path: ["confirmPassword"] });
export type SignupInput = z.input<typeof signupSchema>;
