import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rolesResource, type Page, type ResourceDecl } from '@harbour/contracts';
import { useRoleName } from '../components/role-name';
import { resourceApi, type RefOption } from './resource-api';
import { toApiQuery, type ListState } from './list-query';

/**
 * react-query hooks over one declared resource. Query keys start with the resource path, so a
 * change invalidates exactly that resource's lists and items (and any other screen showing them).
 */
type Decl = Pick<ResourceDecl, 'path'>;
export type Row = Record<string, unknown> & { id: number | string };

export const resourceKeys = {
  all: (path: string) => ['resource', path] as const,
  list: (path: string, q: Record<string, string>) => ['resource', path, 'list', q] as const,
  item: (path: string, id: number | string) => ['resource', path, 'item', String(id)] as const,
  refs: (path: string) => ['resource', path, 'refs'] as const,
};

/** `fixed`: query parameters the screen always sends (a system log is the audit log of `auth`). */
export function useResourceList(decl: Decl, state: ListState, fixed?: Record<string, string>) {
  const q = { ...toApiQuery(state), ...fixed };
  return useQuery({
    queryKey: resourceKeys.list(decl.path, q),
    queryFn: ({ signal }) => resourceApi.list<Row>(decl.path, q, signal),
    // Keep the current rows on screen while the next page or sort loads.
    placeholderData: keepPreviousData,
  });
}

export function useResourceItem(decl: Decl, id: number | string | undefined) {
  return useQuery({
    queryKey: resourceKeys.item(decl.path, id ?? ''),
    queryFn: ({ signal }) => resourceApi.get<Row>(decl.path, id as number | string, signal),
    enabled: id !== undefined,
  });
}

function useInvalidate(decl: Decl) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: resourceKeys.all(decl.path) });
}

export function useCreateResource(decl: Decl) {
  const invalidate = useInvalidate(decl);
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => resourceApi.create<Row>(decl.path, body),
    onSuccess: invalidate,
  });
}

export function useUpdateResource(decl: Decl) {
  const invalidate = useInvalidate(decl);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | string; body: Record<string, unknown> }) =>
      resourceApi.update<Row>(decl.path, id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteResource(decl: Decl) {
  const invalidate = useInvalidate(decl);
  return useMutation({
    mutationFn: (id: number | string) => resourceApi.remove(decl.path, id),
    onSuccess: invalidate,
  });
}

/** Choices for `ref`/`refs` fields and filters; cached for a minute since they rarely change. */
export function useRefOptions(refPath: string | undefined) {
  const roleName = useRoleName().name;
  // Roles are choices in every staff form and filter: the built-in ones read in the user's language.
  const roles = !!refPath && (refPath === rolesResource.path || refPath.startsWith(`${rolesResource.path}?`));
  return useQuery({
    queryKey: resourceKeys.refs(refPath ?? ''),
    queryFn: ({ signal }) => resourceApi.refOptions(refPath as string, signal),
    enabled: !!refPath,
    staleTime: 60_000,
    ...(roles ? { select: (options: RefOption[]) => options.map((o) => ({ ...o, name: roleName(o.name) })) } : {}),
  });
}

export type { Page, RefOption };
