/**
 * Tenant authentication and session (docs/sessions.md §3, §8 Auth). The server validates with these
 * schemas and publishes them in /openapi.json; the client's types are derived from them.
 */
import { Type, type Static } from 'typebox';
import { PENDING_STEPS, type PendingStep } from './pendingSteps';

export const AuthParamsRequest = Type.Object({
  /** docs/sessions.md §6: taken from the query when its value is true or empty. */
  force_udb: Type.Optional(Type.Boolean()),
});
export type AuthParamsRequest = Static<typeof AuthParamsRequest>;

/** Everything the hidden login form posts to login_url. */
export const AuthParams = Type.Object({
  login_url: Type.String(),
  redirect_uri: Type.String(),
  client_id: Type.String(),
  csrf_token: Type.String(),
  scope: Type.String(),
  id_token_hint: Type.Optional(Type.String()),
});
export type AuthParams = Static<typeof AuthParams>;

export const LoginRequest = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type LoginRequest = Static<typeof LoginRequest>;

export const LoginSignedIn = Type.Object({ status: Type.Literal('ok'), uid: Type.String() });
/**
 * The password was right but the account has two-factor sign-in: no session yet; the second call
 * (AUTH_PATHS.loginMfa) sends the challenge with a current code.
 */
export const LoginMfaRequired = Type.Object({
  status: Type.Literal('mfa_required'),
  challenge: Type.String(),
  /** Seconds the challenge stays valid. */
  expires_in: Type.Integer({ minimum: 1 }),
});
export const LoginReply = Type.Union([LoginSignedIn, LoginMfaRequired]);
export type LoginReply = Static<typeof LoginReply>;
export type LoginMfaRequired = Static<typeof LoginMfaRequired>;
export type LoginSignedIn = Static<typeof LoginSignedIn>;

/** A six-digit authenticator code (RFC 6238: 30 s, 6 digits, SHA-1). */
export const MFA_CODE_PATTERN = '^[0-9]{6}$';
export const MfaCode = Type.String({ pattern: MFA_CODE_PATTERN });
export const LoginMfaRequest = Type.Object(
  { challenge: Type.String({ minLength: 1, maxLength: 200 }), code: MfaCode },
  { additionalProperties: false },
);
export type LoginMfaRequest = Static<typeof LoginMfaRequest>;

/**
 * Failed login (HTTP 401, or 429 while locked out). `msg` is generic: it never says whether the
 * account exists. `delay` is the lockout wait in seconds that replaces `$1` in msg on the login page.
 */
export const LoginFailure = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  msg: Type.String(),
  delay: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type LoginFailure = Static<typeof LoginFailure>;
export const LOGIN_FAILED_MSG = 'Invalid user name or password.';
export const LOGIN_LOCKED_MSG = 'Too many failed sign-in attempts. Try again in $1 seconds.';
/** 429 of the per-address limit on the sign-in calls; $1 is replaced by `delay` as for the lockout. */
export const LOGIN_RATE_LIMITED_MSG = 'Too many sign-in attempts from this address. Try again in $1 seconds.';

/** The second step's failures (401): a wrong or reused code, or a challenge no longer valid. */
export const MFA_CODE_FAILED_MSG = 'The code is not correct.';
export const MFA_CHALLENGE_EXPIRED_MSG = 'The sign-in has expired. Enter your user name and password again.';

export const CookieRefreshReply = Type.Object({ expires: Type.String({ format: 'date-time' }) });
export type CookieRefreshReply = Static<typeof CookieRefreshReply>;

/**
 * docs/sessions.md §3 "User session info". `show_change_password`: the password was set by someone else
 * (tenant creation, a reset) and must be changed before anything else opens. `pending_steps` (ours)
 * lists every step still due in the order they are asked for (contract/pendingSteps.ts); the
 * password change is its first row.
 */
export const UserInfo = Type.Object({
  uid: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  tenant_name: Type.String(),
  tid: Type.String(),
  capabilities: Type.Record(Type.String(), Type.Unknown()),
  roles: Type.Object({ read: Type.Array(Type.String()), write: Type.Array(Type.String()) }),
  portal_v2: Type.Boolean(),
  appliance_manager_ui_v2: Type.Boolean(),
  status_ui_v2: Type.Boolean(),
  show_change_password: Type.Boolean(),
  uid_hash: Type.String(),
  // A plain reference, no spread: the bundler then drops this schema (and TypeBox) from the
  // sign-in pages, which import this module for its paths and messages only.
  pending_steps: Type.Array(Type.Enum(PENDING_STEPS as [PendingStep, ...PendingStep[]])),
});
export type UserInfo = Static<typeof UserInfo>;

export const PortalVersion = Type.Object({ portal_v2: Type.Boolean() });
export type PortalVersion = Static<typeof PortalVersion>;

/** Switching the tenant's portal version (PUT AUTH_PATHS.portalVersion): the server checks it, the portal asks only with it. */
export const PORTAL_VERSION_WRITE = 'settings:portal:write';

export const AUTH_PATHS = {
  authParams: '/api/auth/v1/auth_params',
  login: '/api/auth/v1/login',
  logout: '/api/auth/v1/logout',
  cookieRefresh: '/api/auth/v1/cookie_refresh',
  userInfo: '/api/userinfo',
  portalVersion: '/api/policy/v1/portal_version',
  /** The signed-in user's own password change (the user menu; first, where show_change_password). */
  changePassword: '/api/auth/v1/change_password',
  /** The second step of a sign-in with two-factor sign-in: challenge and code. */
  loginMfa: '/api/auth/v1/login/mfa',
  /** The tenant's accounts with their second-factor state (docs/sessions.md §8 Auth). */
  mfaUsers: '/api/auth/v1/mfa/users',
  /** The signed-in user's own second factor: GET its state; enrol, confirm, disable below. */
  mfa: '/api/auth/v1/mfa',
  mfaEnrol: '/api/auth/v1/mfa/enrol',
  mfaConfirm: '/api/auth/v1/mfa/confirm',
  mfaDisable: '/api/auth/v1/mfa/disable',
  /** The form target the hidden POST of the cloud login flow goes to (login_url). */
  loginArea: '/login/',
} as const;

/** The password rules (docs/shared-ui.md §9, invalidPassword: no ! backslash, whitespace or single quote) and a length. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_FORBIDDEN_CHARACTERS = /[!\\\s']/;

export const ChangePasswordRequest = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 256 }),
    new_password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type ChangePasswordRequest = Static<typeof ChangePasswordRequest>;
export const ChangePasswordReply = Type.Object({ status: Type.Literal('ok') });
export type ChangePasswordReply = Static<typeof ChangePasswordReply>;
export const CHANGE_PASSWORD_MSGS = {
  wrongCurrent: 'The current password is not correct.',
  tooShort: `The new password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `The new password must have at most ${PASSWORD_MAX_LENGTH} characters.`,
  forbidden: 'The new password must not contain !, a backslash, a space or a single quote.',
  same: 'The new password must differ from the current one.',
  changed: 'Your password has been changed.',
} as const;

/** What is wrong with a new password, or null (the server's check and the form's). */
export function newPasswordProblem(current: string, next: string): string | null {
  if (next === current) return CHANGE_PASSWORD_MSGS.same;
  if ([...next].length < PASSWORD_MIN_LENGTH) return CHANGE_PASSWORD_MSGS.tooShort;
  if ([...next].length > PASSWORD_MAX_LENGTH) return CHANGE_PASSWORD_MSGS.tooLong;
  if (PASSWORD_FORBIDDEN_CHARACTERS.test(next)) return CHANGE_PASSWORD_MSGS.forbidden;
  return null;
}

/** The signed-in user's second factor. */
export const MfaState = Type.Object({
  enrolled: Type.Boolean(),
  /** When the enrolment was confirmed; null when not enrolled. */
  enrolled_since: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** An enrolment was started and awaits its first code. */
  pending: Type.Boolean(),
});
export type MfaState = Static<typeof MfaState>;

/** The answer of an enrolment start: the only time the secret is ever sent. */
export const MfaEnrolment = Type.Object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: Type.String(),
  otpauth_uri: Type.String(),
  /** The otpauth URI as a QR code (an SVG document). */
  qr_svg: Type.String(),
});
export type MfaEnrolment = Static<typeof MfaEnrolment>;

export const MfaCodeRequest = Type.Object({ code: MfaCode }, { additionalProperties: false });
export type MfaCodeRequest = Static<typeof MfaCodeRequest>;

export const MfaUser = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  /** When two-factor sign-in was turned on; null when the account signs in with a password only. */
  mfa_enrolled_since: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type MfaUser = Static<typeof MfaUser>;
export const MfaUserList = Type.Object({ users: Type.Array(MfaUser) });
export type MfaUserList = Static<typeof MfaUserList>;

export const MFA_MSGS = {
  wrongCode: MFA_CODE_FAILED_MSG,
  noPending: 'Start the enrolment first.',
  alreadyEnrolled: 'Two-factor sign-in is already on.',
  notEnrolled: 'Two-factor sign-in is not on.',
} as const;
/** The issuer an authenticator app shows next to the account. */
export const MFA_ISSUER = 'Workbench';
