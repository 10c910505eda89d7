/** The product's versions (spec section 9), shown in the footer and the about dialog. */
export const FRONTEND_VERSION = '1.1.33';
export const BACKEND_VERSION = '1.1.5';
