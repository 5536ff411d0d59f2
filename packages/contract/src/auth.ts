// Request and response schemas of the sign-in, session, profile and access endpoints (docs/product-rules.md#entities, docs/product-rules.md#api-calls;
// docs/ARCHITECTURE.md).
import { z } from 'zod';
import { adminPermissionFields, permissionFlag } from './admin-users.ts';
import { countryCode, email } from './common.ts';
import { MERCHANT_ADDRESS, MERCHANT_HUB_STATUS, merchantFields } from './merchant-fields.ts';
import { uploadedImage } from './products.ts';
import { maxChars } from './text-length.ts';
import { userFields } from './user-fields.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const newPassword = maxChars(
  z.string().min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`),
  PASSWORD_MAX,
  `Use at most ${PASSWORD_MAX} characters`,
);

export const loginBody = z.object({
  email,
  password: maxChars(z.string().min(1, 'Enter your password'), PASSWORD_MAX, 'Password is too long'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const OTP_LENGTH = 6;
export const otpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

/**
 * How the second step is proved: a code mailed at sign-in, a code from an authenticator app, one of
 * the recovery codes shown when the app was set up, or a passkey (verified by /auth/passkeys/sign-in/,
 * not by verify-otp). An account with an app or a passkey does not get mailed codes.
 */
export const SIGN_IN_METHODS = ['totp', 'passkey', 'email', 'recovery_code'] as const;
export const signInMethod = z.enum(SIGN_IN_METHODS);
export type SignInMethod = z.infer<typeof signInMethod>;

export const RECOVERY_CODE_COUNT = 10;
/** A recovery code as typed: case, spaces and dashes are ignored (recovery-codes.ts on the API). */
export const recoveryCodeInput = z
  .string()
  .trim()
  .min(1, 'Enter a recovery code')
  .max(40, 'That is not a recovery code');

export const verifyOtpFields = z.object({
  otp_token: z.string().min(10).max(200),
  code: z.string().trim().max(40),
  /** Without it the code is the mailed one, as before authenticator apps. */
  method: signInMethod.default('email'),
});
export const verifyOtpBody = verifyOtpFields.superRefine((body, issue) => {
  if (body.method === 'passkey') {
    issue.addIssue({
      code: 'custom',
      path: ['method'],
      message: 'A passkey is checked at /apiv1/auth/passkeys/sign-in/',
    });
    return;
  }
  const parsed = (body.method === 'recovery_code' ? recoveryCodeInput : otpCode).safeParse(body.code);
  if (!parsed.success) issue.addIssue({ code: 'custom', path: ['code'], message: parsed.error.issues[0]!.message });
});
export type VerifyOtpBody = z.input<typeof verifyOtpBody>;

/** POST /auth/totp/: a new secret to add to the app; it counts only once confirmed with a first code. */
export const totpEnrolment = z.object({
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, an SVG document. */
  qr_svg: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;
export const totpConfirmBody = z.object({ code: otpCode });
export type TotpConfirmBody = z.infer<typeof totpConfirmBody>;
export const recoveryCodesResult = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResult = z.infer<typeof recoveryCodesResult>;

/**
 * Removing the app or replacing the recovery codes asks for a current code from the app or the
 * password, so a stolen session alone cannot turn the second step off or mint codes for itself.
 */
export const totpProofBody = z
  .object({
    code: otpCode.optional(),
    password: z.string().min(1).max(PASSWORD_MAX).optional(),
  })
  .refine((b) => b.code !== undefined || b.password !== undefined, {
    path: ['code'],
    message: 'Enter a code from your authenticator app or your password',
  });
export type TotpProofBody = z.infer<typeof totpProofBody>;

/** GET /auth/totp/: whether an app is on, and how many unused recovery codes are left. */
export const totpStatus = z.object({
  enabled: z.boolean(),
  confirmed_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type TotpStatus = z.infer<typeof totpStatus>;
export const resendOtpBody = z.object({ otp_token: z.string().min(10).max(200) });
export type ResendOtpBody = z.infer<typeof resendOtpBody>;

// One-time code limits (docs/ARCHITECTURE.md): the web page uses them for its countdown and hints.
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_SENDS = 5;
export const OTP_RESEND_INTERVAL_S = 30;
export const resendOtpResult = z.object({ email_hint: z.string(), resend_in: z.number().int() });
export type ResendOtpResult = z.infer<typeof resendOtpResult>;

export const sessionMerchant = merchantFields.pick({
  id: true,
  name: true,
  logo: true,
  master_merchant_logo: true,
  ...MERCHANT_HUB_STATUS,
  is_master: true,
  allow_connections: true,
});

export const userSchema = userFields
  .pick({
    id: true,
    role: true,
    first_name: true,
    last_name: true,
    email: true,
    phone: true,
    image: true,
    send_notification: true,
    locale: true,
  })
  .extend({ merchant: sessionMerchant.nullable() });
export type User = z.infer<typeof userSchema>;

export const tokensResult = z.object({ access: z.string(), refresh: z.string(), user: userSchema });
export type TokensResult = z.infer<typeof tokensResult>;

export const loginResult = z.union([
  z.object({
    otp_required: z.literal(true),
    otp_token: z.string(),
    email_hint: z.string(),
    /** The ways this account may finish signing in; `email` only when it has no other factor. */
    methods: z.array(signInMethod),
  }),
  tokensResult.extend({ otp_required: z.literal(false) }),
]);
export type LoginResult = z.infer<typeof loginResult>;

export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;
export const resetPasswordBody = z.object({ token: z.string().min(10).max(200), password: newPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export const changePasswordBody = z.object({
  old_password: maxChars(z.string().min(1, 'Enter your current password'), PASSWORD_MAX),
  new_password: newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const refreshBody = z.object({ refresh: z.string().min(10).max(300) });
export const refreshResult = z.object({ access: z.string(), refresh: z.string() });
export type RefreshResult = z.infer<typeof refreshResult>;
export const logoutBody = z.object({ refresh_token: z.string().max(300).optional() });

// Success messages the web app shows in its toasts (docs/product-rules.md#api-calls, docs/product-rules.md#error-messages).
export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully';
export const MERCHANT_PROFILE_UPDATED_MESSAGE = 'Business profile updated.';
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that e-mail, we have sent a link to reset the password.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been set. You can sign in now.';
export const INVITATION_ACCEPTED_MESSAGE = 'Your password is set. Welcome to Kassa.';

const name = (label: string) =>
  maxChars(
    z.string().trim().min(1, `Enter the ${label}`),
    80,
    `${label[0]!.toUpperCase()}${label.slice(1)} is too long`,
  );

export const profilePatch = z
  .object({
    first_name: name('first name'),
    last_name: name('last name'),
    phone: maxChars(z.string().trim(), 250).nullable(),
    send_notification: z.boolean(),
    locale: userFields.shape.locale,
  })
  .partial();
export type ProfilePatch = z.infer<typeof profilePatch>;

export const merchantProfile = merchantFields
  .pick({
    id: true,
    name: true,
    email: true,
    phone: true,
    ...MERCHANT_ADDRESS,
    logo: true,
    industry_type_id: true,
    industry_type_name: true,
    master_merchant_id: true,
    master_merchant_logo: true,
    ...MERCHANT_HUB_STATUS,
  })
  .extend({
    /** A paying buyer with no merchant reference is the one customer with their e-mail (customers.service.ts). */
    match_customers_by_email: z.boolean(),
    /** Buyers get a receipt e-mail with its PDF after a payment and a refund (docs/product-rules.md#receipts). */
    email_receipts: z.boolean(),
    /** VAT number, EIN or the like, printed on invoices and receipts. */
    tax_id: z.string().nullable(),
  });
export type MerchantProfile = z.infer<typeof merchantProfile>;

export const merchantProfilePatch = z
  .object({
    name: maxChars(z.string().trim().min(2, 'Enter the business name'), 120),
    email,
    phone: maxChars(z.string().trim(), 250),
    address: maxChars(z.string().trim(), 200),
    city: maxChars(z.string().trim(), 100),
    state: maxChars(z.string().trim(), 100),
    zip_code: maxChars(z.string().trim(), 20),
    country: countryCode,
    website: z.union([z.url({ message: 'Enter a full web address (https://…)' }), z.literal('')]).nullable(),
    /** An image uploaded to Kassa (POST /uploads/image/?purpose=logo), or null to remove the logo. */
    logo: uploadedImage,
    match_customers_by_email: z.boolean({ message: 'Choose on or off' }),
    email_receipts: z.boolean({ message: 'Choose on or off' }),
    /** Empty clears it. */
    tax_id: maxChars(z.string().trim(), 40, 'Tax ID is too long'),
  })
  .partial();
export type MerchantProfilePatch = z.infer<typeof merchantProfilePatch>;

export const appAccessEntry = z.object({
  app_key: z.number().int().min(1).max(8),
  app: z.string(),
  access: z.array(z.number().int().min(1).max(4)),
});
export type AppAccessEntry = z.infer<typeof appAccessEntry>;
export const accessList = z.array(appAccessEntry);

export const accessPut = z.object({
  access: z
    .array(
      z.object({
        app_key: z.number().int().min(1, 'Unknown app').max(8, 'Unknown app'),
        access: z.array(z.number().int().min(1, 'Unknown access code').max(4, 'Unknown access code')).max(4),
      }),
    )
    .max(8),
});
export type AccessPut = z.infer<typeof accessPut>;

export const adminPermissionSet = z.object({
  user_id: z.string(),
  ...userFields.pick({ first_name: true, last_name: true, email: true, is_active: true }).shape,
  ...adminPermissionFields(permissionFlag),
});
export type AdminPermissionSet = z.infer<typeof adminPermissionSet>;

/**
 * POST /auth/reset-password/: a reset link asks the user to sign in again; an invitation link has
 * just proved the mailbox, so it signs the user in (result carries the session).
 */
export const resetPasswordResult = z.object({
  status: z.literal('success'),
  message: z.string(),
  result: tokensResult.nullable().optional(),
});
export type ResetPasswordResult = z.infer<typeof resetPasswordResult>;
