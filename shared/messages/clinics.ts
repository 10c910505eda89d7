/** The clinic form and the clinic admin's profile (spec section 5 "Clinic form", "Clinic admin"). */
export const clinics = {
  clinicNameRequired: 'Clinic name is required',
  phoneRequired: 'Phone is required',
  phoneNotValid: 'Phone number is not valid',
  countryRequired: 'Country is required',
  cityRequired: 'City is required',
  streetRequired: 'Street is required',
  emailRequired: 'Email is required',
  emailNotValid: 'Email is not valid',
  /** Not a spec text: the largest logo (spec section 5 gives no size). */
  imageTooLarge: 'The image must be 1 MB or less',
  /** Not a spec text: an image key that is not an upload link's. */
  imageNotValid: 'The image is not valid',
  /** Not a spec text: the limit of section 5 ("General"). */
  tooLong: (label: string) => `${label} must be 100 characters or less`,
} as const;
