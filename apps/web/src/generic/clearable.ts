import type { ResourceDecl } from '@harbour/contracts';

/**
 * Whether the update contract accepts `null` for a field, i.e. an input the user emptied can be
 * sent as "cleared". Read from the declared zod schema itself so web and server cannot disagree.
 */
export function clearableIn(decl: Pick<ResourceDecl, 'update'>): (name: string) => boolean {
  const shape = (decl.update as { shape?: Record<string, { safeParse?: (v: unknown) => { success: boolean } }> } | undefined)
    ?.shape;
  // A schema without a shape (a transformed object) sends no nulls: emptied inputs are left out.
  return (name) => shape?.[name]?.safeParse?.(null).success === true;
}
