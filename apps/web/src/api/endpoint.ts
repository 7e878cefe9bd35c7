/**
 * The shape of one API endpoint in the web's endpoint map (`endpoints.ts`): its method, its path
 * relative to the API base with `:name` parameters, and — as types only — the body it takes and
 * the answer it gives. Nothing here is sent anywhere; `call.ts` turns an entry and its arguments
 * into a request.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The `:name` parameters of a path: `'/loans/:id/documents/:docId'` → `'id' | 'docId'`. */
export type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: string | number };

/** No body: the call sends none. */
export type NoBody = undefined;

declare const carries: unique symbol;

export interface Endpoint<M extends Method = Method, P extends string = string, B = unknown, A = unknown> {
  readonly method: M;
  readonly path: P;
  /** Never set: holds the body and answer types for `call`. */
  readonly [carries]?: { body: B; answer: A };
}

/**
 * Declares an entry: `endpoint<Answer, Body>()('POST', `${LOANS_PATH}/:id/submit`)`. The answer
 * and body are given, the method and path inferred (a path built from a contract's constant needs
 * `as const` to keep its literal type, and with it the typed parameters).
 */
export const endpoint =
  <A, B = NoBody>() =>
  <M extends Method, P extends string>(method: M, path: P): Endpoint<M, P, B, A> => ({ method, path });

/** The path with its parameters filled in, each URL-encoded. */
export function fillPath<P extends string>(path: P, params: PathParams<P> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = (params as Record<string, string | number> | undefined)?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
