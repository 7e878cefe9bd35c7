import { download, fetchFile, request, type DownloadOptions, type FileProgress, type RequestOptions } from './http.js';
import { fillPath, type Endpoint, type Method, type ParamNames, type PathParams } from './endpoint.js';

/**
 * The typed way to call the API: `call(endpoints.repayments.correct, { params: { id }, body })`.
 * The entry fixes the method, the path and the answer's type; its `:name` parameters are required
 * exactly when the path has them and the body exactly when the entry takes one, so a wrong body or
 * a missing parameter fails to compile. Everything else (`query`, `signal`, `silent`, …) is the
 * one client's own options (`http.ts`).
 */
type Inputs<P extends string, B> = (ParamNames<P> extends never ? { params?: undefined } : { params: PathParams<P> }) &
  ([B] extends [undefined] ? { body?: undefined } : { body: B });

type Rest<P extends string, B, O> = object extends Inputs<P, B> ? [input?: Inputs<P, B> & O] : [input: Inputs<P, B> & O];

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

function target(ep: Endpoint, input: { params?: unknown; body?: unknown } | undefined) {
  const { params, body, ...options } = input ?? {};
  const path = fillPath(ep.path, params as PathParams<string>);
  return { path, options: { ...options, method: ep.method, ...(body === undefined ? {} : { body }) } };
}

export function call<M extends Method, P extends string, B, A>(ep: Endpoint<M, P, B, A>, ...[input]: Rest<NoInfer<P>, NoInfer<B>, CallOptions>): Promise<A> {
  const { path, options } = target(ep, input);
  return request<A>(path, options);
}

/** Saves the entry's file answer (see `download` in http.ts) and resolves with its name. */
export function callDownload<M extends Method, P extends string, B>(
  ep: Endpoint<M, P, B, Blob>,
  ...[input]: Rest<NoInfer<P>, NoInfer<B>, Omit<DownloadOptions, 'method' | 'body'> & { onProgress?: FileProgress }>
): Promise<string> {
  const { path, options } = target(ep, input);
  return download(path, options);
}

/** The entry's file answer as a Blob (see `fetchFile` in http.ts). */
export function callFile<M extends Method, P extends string, B>(
  ep: Endpoint<M, P, B, Blob>,
  ...[input]: Rest<NoInfer<P>, NoInfer<B>, CallOptions & { onProgress?: FileProgress }>
): Promise<{ blob: Blob; name: string | undefined }> {
  const { path, options } = target(ep, input);
  return fetchFile(path, options);
}
