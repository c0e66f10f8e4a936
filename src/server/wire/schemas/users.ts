// Accounts (spec §7 login, send/otp, send_otp, verify_otp, register, change_password, get/user;
// §5 messages). Codes never appear in an answer: they go out by SMS (decision 020).
import { z } from 'zod';
import { passwordProblem } from '../../auth/passwords.ts';
import { PHONE_PATTERN } from '../../auth/phone.ts';
import { action, contract } from './common.ts';

/** The spec's client may send a number where a string is meant ("phone": 9876543210). */
const numberAsString = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === 'number' ? String(value) : value), schema);

export const phoneField = numberAsString(
  z
    .string({ error: 'Mobile Number is Required' })
    .trim()
    .min(1, 'Mobile Number is Required')
    .regex(PHONE_PATTERN, 'Phone number is not valid'),
).meta({ description: 'A 10-digit mobile number.', example: '9876543210' });

/** A new password: the spec's rule, with its messages. */
export const newPasswordField = z
  .string({ error: 'Password is Required' })
  .superRefine((password, context) => {
    const problem = passwordProblem(password);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .meta({ description: 'Exactly 6 characters, no spaces.' });

const otpField = numberAsString(z.string({ error: 'OTP is required' }).trim().min(1, 'OTP is required').max(12, 'OTP verification failed. Please try again.')).meta({
  description: 'The 6-digit code of the SMS.',
});
const otpIdField = z.string({ error: 'otp_id is required' }).min(1, 'otp_id is required').max(64, 'This OTP has expired. Request a new one.');

export const phoneQuery = z.object({ phone: phoneField });
export const verifyOtpInput = z.object({ otp: otpField, otp_id: otpIdField });
export const registerBody = z.object({
  phone: phoneField,
  password: newPasswordField,
  otp: otpField.optional().meta({
    description: "The SMS code. The provider's client leaves it out and sends the otp_id of a code it verified before (verify/otp, within 10 minutes).",
  }),
  otp_id: otpIdField,
});
/** The provider's client checks a code with everything in the query (verify/otp and POST verify_otp without a body). */
export const providerVerifyQuery = z.object({ otp: otpField.optional(), otp_id: otpIdField.optional(), phone: phoneField.optional() });
export const loginBody = z.object({
  phone: phoneField,
  // Any password is compared (a wrong one is just wrong); the length bound keeps hashing cheap.
  password: z.string({ error: 'Password is Required' }).min(1, 'Password is Required').max(128, 'Mobile number or password is incorrect.'),
  remember: z.boolean({ error: 'remember must be true or false' }).optional().meta({ description: "The 'Remember Me' box: a cookie that outlives the browser session." }),
});

export const successMessage = contract(
  'SuccessMessage',
  z.object({ status: z.literal('success'), message: z.string() }),
  "The spec's answer to an OTP check, a registration and a password change.",
);
export const otpSent = contract(
  'OtpSent',
  z.object({ status: z.literal('success'), message: z.string(), otp_id: z.string() }),
  'The code went out by SMS (never in this answer); otp_id names it for verify_otp, register and change_password.',
);
export const providerOtpSent = contract(
  'ProviderOtpSent',
  z.object({ status: z.literal(true), message: z.string(), otp_id: z.string() }),
  "POST send/otp as the provider's client reads it (status true); the code goes by SMS, never in this answer.",
);
export const providerVerified = contract(
  'ProviderVerified',
  z.object({ status: z.literal(true), message: z.string() }),
  "verify/otp as the provider's client reads it (status true).",
);
export const userSummary = z.object({ phone: z.string(), name: z.string().nullable(), image: z.string().nullable().meta({ description: 'Avatar URL path.' }) });
export const loginSuccess = contract(
  'LoginSuccess',
  z.object({
    status: z.literal(true),
    message: z.string(),
    token: z.string().meta({ description: 'Send as Authorization: Bearer <token>. The site also gets it as an HttpOnly cookie.' }),
    userData: userSummary,
  }),
);
export const registered = contract(
  'Registered',
  z.object({
    status: z
      .union([z.literal('success'), z.literal(true)])
      .meta({ description: "'success'; true when the otp_id of a verified code stood for the code (the provider's client reads true)." }),
    message: z.string(),
    token: z.string().meta({ description: 'The new account is signed in: send as Authorization: Bearer <token>. The site also gets it as an HttpOnly cookie.' }),
    userData: userSummary,
  }),
  "The spec's answer to a registration, with the session it starts (issue 24: a fan who registers is signed in).",
);
export const loggedOut = contract('LoggedOut', z.object({ status: z.literal(true), message: z.string() }));
export const currentUser = contract(
  'CurrentUser',
  z.object({
    status: z.literal(true),
    data: z.object({
      name: z.string().nullable(),
      phone: z.string(),
      email: z.string().nullable(),
      image: z.string().nullable(),
      role: z.enum(['user', 'scorer', 'editor', 'admin']),
    }),
  }),
);

const tags = ['Accounts'] as const;

export const userRoutes = {
  login: action({
    paths: ['/login'],
    methods: ['POST'],
    summary: 'Log in with phone and password; answers a token and sets the session cookies.',
    tags,
    body: loginBody,
    response: loginSuccess,
    errors: [401, 403, 429],
    signedIn: false,
  }),
  logout: action({
    paths: ['/logout'],
    methods: ['POST'],
    summary: 'Ends the session of the request (token or cookie) and clears the cookies.',
    tags,
    response: loggedOut,
    errors: [403],
    signedIn: false,
  }),
  getUser: action({
    paths: ['/get/user'],
    methods: ['GET'],
    summary: 'The signed-in user.',
    tags,
    response: currentUser,
    errors: [401],
    signedIn: true,
  }),
};

/** The OTP flows: register and password reset (spec §4). */
export const otpRoutes = {
  sendRegisterOtp: action({
    paths: ['/send/otp'],
    methods: ['GET'],
    summary: 'Sends a registration code by SMS (a number with an account gets a message saying so instead).',
    tags,
    querystring: phoneQuery,
    response: otpSent,
    errors: [429, 502],
    signedIn: false,
  }),
  sendResetOtp: action({
    paths: ['/send_otp'],
    methods: ['GET'],
    summary: 'Sends a password-reset code by SMS (a number without an account gets a message saying so instead).',
    tags,
    querystring: phoneQuery,
    response: otpSent,
    errors: [429, 502],
    signedIn: false,
  }),
  verifyOtpQuery: action({
    paths: ['/verify_otp'],
    methods: ['GET'],
    summary: "Checks a code (the spec's client; prefer POST, which keeps the code out of the URL).",
    tags,
    querystring: verifyOtpInput,
    response: successMessage,
    errors: [429],
    signedIn: false,
  }),
  verifyOtpBody: action({
    paths: ['/verify_otp'],
    methods: ['POST'],
    summary: "Checks a code (a JSON body, or the query as the provider's client sends it). Five wrong codes lock the otp_id.",
    tags,
    querystring: providerVerifyQuery,
    body: verifyOtpInput.nullish(),
    response: successMessage,
    errors: [403, 429],
    signedIn: false,
  }),
  // The provider's client (docs/decisions/061): POST with the phone in the query, status true.
  sendRegisterOtpPost: action({
    paths: ['/send/otp'],
    methods: ['POST'],
    summary: "Sends a registration code by SMS, as the provider's client asks (POST, phone in the query; status true).",
    tags,
    querystring: phoneQuery,
    response: providerOtpSent,
    errors: [429, 502],
    signedIn: false,
  }),
  sendResetOtpPost: action({
    paths: ['/send_otp'],
    methods: ['POST'],
    summary: "Sends a password-reset code by SMS, as the provider's client asks (POST, phone in the query).",
    tags,
    querystring: phoneQuery,
    response: otpSent,
    errors: [429, 502],
    signedIn: false,
  }),
  verifyRegisterOtp: action({
    paths: ['/verify/otp'],
    methods: ['POST'],
    summary: "Checks a registration code as the provider's client sends it (otp, otp_id and phone in the query; status true).",
    tags,
    querystring: providerVerifyQuery,
    response: providerVerified,
    errors: [429],
    signedIn: false,
  }),
  register: action({
    paths: ['/register'],
    methods: ['POST'],
    summary: 'Creates the account of a verified phone and signs it in (a token, and the session cookies).',
    tags,
    body: registerBody,
    response: registered,
    errors: [403, 409, 429],
    signedIn: false,
  }),
  changePassword: action({
    paths: ['/change_password'],
    methods: ['PUT', 'POST'],
    summary: 'Sets a new password with a reset code; ends every session of the account.',
    tags,
    body: registerBody,
    response: successMessage,
    errors: [403, 429],
    signedIn: false,
  }),
};
