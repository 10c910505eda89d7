/**
 * The shape another language's catalogue must have: the English module's keys, each text a string,
 * each template a function of the same arguments, each list of texts as long as the English one.
 * A missing or extra key, or a template taking other arguments, fails the type check.
 */
export type Translation<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { readonly [K in keyof T]: Translation<T[K]> };
