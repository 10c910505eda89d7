export const errors = {
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
  /** Not a spec text: the answer while a part the server needs is restarting (locally: the database or sign-in service). */
  unavailable: 'The portal is restarting a service, please try again in a few seconds',
  emptyList: 'No items match your search',
} as const;
