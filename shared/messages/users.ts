/** The user forms and calls (spec sections 5 "User", 6 and 8); the texts not in the spec are marked. */
export const users = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailNotValid: 'Email is not valid',
  phoneRequired: 'Phone is required',
  phoneNotValid: 'Phone number is not valid',
  roleRequired: 'Role is required',
  clinicRequired: 'Associated Clinic is required',
  /** Not a spec text: a role the signer may not give (spec section 6, role options by the signer's allowed roles). */
  roleNotValid: 'Role is not valid',
  /** Not a spec text: spec section 6 lets a provider's admin add an admin only to a clinic without one. */
  clinicHasAdmin: 'The clinic already has an admin',
  notCreated: 'User was not created',
  saved: 'User Saved',
} as const;
