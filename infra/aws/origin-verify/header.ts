/** The header CloudFront adds to every request it forwards to the API; the public routes' authorizer checks it. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
