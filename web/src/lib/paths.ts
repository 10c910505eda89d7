/** Every route path of the web, in one place (spec section 2). */
export const paths = {
  home: '/',
  login: '/login',
} as const;
