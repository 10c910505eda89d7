/**
 * Every user-facing text of the product, worded exactly as the spec (portal-spec.md) has it,
 * typos included: the spec's words are the product's words. Web and handlers both read from here.
 */
export const messages = {
  session: {
    authenticationError: 'authentication error',
    wrongCredentials: 'Wrong User name or password',
    userDisabled: 'User is disabled',
    usernameRequired: 'Username is required',
    passwordRequired: 'Password is required',
    acceptTermsRequired: 'Accept Terms & Conditions is required',
    passwordRule:
      'Password must contain at least one of: small letters, big letters, numbers and [!,@,#,$,%,^,*,] with length of 8-20',
    passwordsMustMatch: 'Passwords must match',
    authenticationCodeRequired: 'Authentication code is required',
    emailRequired: 'Email is required',
    emailNotValid: 'Email is not valid',
    recoverySucceededTitle: 'Recovery Successed',
    recoveryFailedTitle: 'Recovery failed',
    recoveryFailure: 'The email account that you tried to reach does not exist, please retry',
    recoverySuccess:
      "You'll recieve an email with your password, If you do not find the email, please check your junk or spam folder",
    captchaBlocked: 'Blocked By ReCAPTCHA',
    captchaExpired: 'ReCAPTCHA Expired, please refresh the page',
    captchaError: 'ReCAPTCHA Error',
  },
  errors: {
    notFound: '404 not found',
    pageNotFound: 'Sorry , this page not avaible',
    noAccess: (thing: string) => `Error: signed user don't have access to ${thing}.`,
    noExchangeUpdatePermission: 'signed user does not have the permission to update Exchange',
    missingProviderId: 'must have Service Provider id to get settings',
    noPermission: 'You do not have the permission to execute this operation',
    alreadyRegistered: (field: string) => `${field} is already registered.`,
    /** Not a spec text: the answer to a request the server could not parse or did not expect. */
    malformedRequest: 'The request is not valid',
    /** Not a spec text: the answer when the server failed; details stay in the server's log. */
    internal: 'Something went wrong, please try again',
    emptyList: 'No items match your search',
  },
  required: (label: string) => `${label} is required`,
  settings: {
    empty: (field: string) => `${field} is empty`,
    mustBePositive: (field: string) => `${field} must be bigger than 0`,
    defaultBetween: (field: string, min: string, max: string) => `${field} ${field} must be between ${min} and ${max}`,
    maxValue: (field: string, max: number) => `${field} max value is ${max}`,
    minValue: (field: string, min: number) => `${field} min value is ${min}`,
    utilizationOrder: 'Utilization status values must be in descending order from GOOD to LOW',
    notANumber: (field: string) => `${field} must be a number`,
    unknownUnit: (field: string) => `${field} is not a valid unit`,
  },
} as const;
