import { reduceErrorMessages } from '@web/src/lib/api-errors';

describe('the error reduction (spec section 8)', () => {
  it("takes the answer's message list, or a single message", () => {
    expect(reduceErrorMessages({ status: 400, data: { message: ['First name is required', 'Email is required'] } })).toEqual([
      'First name is required',
      'Email is required',
    ]);
    expect(reduceErrorMessages({ status: 401, data: { message: 'Unauthorized' } })).toEqual(['Unauthorized']);
  });

  it("falls back to the error's message, the raw data, then the request's own error", () => {
    expect(reduceErrorMessages({ status: 500, data: { error: { message: 'boom' } } })).toEqual(['boom']);
    expect(reduceErrorMessages({ status: 500, data: { error: 'bad gateway' } })).toEqual(['bad gateway']);
    expect(reduceErrorMessages({ status: 502, data: 'Bad Gateway' })).toEqual(['Bad Gateway']);
    expect(reduceErrorMessages({ errorMessage: 'Failed to fetch' })).toEqual(['Failed to fetch']);
  });

  it("turns any 404 into '404 not found'", () => {
    expect(reduceErrorMessages({ status: 404, data: { message: ['Not Found'] } })).toEqual(['404 not found']);
    expect(reduceErrorMessages({ status: 404 })).toEqual(['404 not found']);
  });

  it("turns duplicate-key texts into '{field} is already registered.' per braced field", () => {
    expect(
      reduceErrorMessages({ status: 409, data: { message: 'E11000 duplicate key error collection: users index: Email_1 dup key: { Email: "a@b.c" }' } }),
    ).toEqual(['Email is already registered.']);
    expect(reduceErrorMessages({ status: 409, data: { message: 'duplicate {Phone} and {Email}' } })).toEqual([
      'Phone is already registered.',
      'Email is already registered.',
    ]);
  });

  it("rewrites wrong credentials and disabled users in the spec's words", () => {
    expect(reduceErrorMessages({ status: 401, data: { message: 'Wrong UserID' } })).toEqual(['Wrong User name or password']);
    expect(reduceErrorMessages({ status: 401, data: { message: ['Wrong Password for user'] } })).toEqual(['Wrong User name or password']);
    expect(reduceErrorMessages({ status: 403, data: { message: 'User account has been disabled' } })).toEqual(['User is disabled']);
    expect(reduceErrorMessages({ status: 400, data: { message: 'Wrong authentication code' } })).toEqual(['Wrong authentication code']);
  });

  it("passes on the bracketed parts of 'child' details", () => {
    expect(reduceErrorMessages({ status: 400, data: { message: 'child "Email" fails because ["Email" must be a valid email]' } })).toEqual([
      '"Email" must be a valid email',
    ]);
  });
});
