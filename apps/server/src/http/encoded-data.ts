import { z } from 'zod';

/**
 * A route's `data` already checked against its schema and written as JSON. A large answer that
 * changes rarely (the menu and permission keys of `/userInfo`, about 27 KB for an administrator) is
 * encoded once per access counter instead of on every request: encoding and stringifying it was
 * two fifths of that route's CPU. Only for GET routes (`route()` refuses it elsewhere, because a
 * mutating route's answer passes the audit-count check on its way out).
 */
export class EncodedData<T> {
  declare readonly data?: T;
  constructor(readonly json: string) {}
}

/** `data` through `schema` (its fields only, as the response serializer would) and into JSON. */
export function encodeData<S extends z.ZodType>(schema: S, data: z.output<S>): EncodedData<z.output<S>> {
  return new EncodedData(JSON.stringify(z.encode(schema, data)));
}

/** Two encoded objects as one: the fields of both (neither may be empty). */
export function joinEncoded<A, B>(a: EncodedData<A>, b: EncodedData<B>): EncodedData<A & B> {
  return new EncodedData(`${a.json.slice(0, -1)},${b.json.slice(1)}`);
}
