import type { Row } from '../../generic/use-resource';

/**
 * The staff API item → the edit form's values. Stores and roles arrive as `{id,name}` lists and
 * are edited as id lists. Mobile and HKID arrive masked and are prefilled masked: left as they
 * are, the payload leaves them out (`toPayload`) and the server keeps the stored numbers, so the
 * editor never retypes them; typing a new number replaces the mask.
 */
export function staffItemToForm(item: Row): Row {
  const ids = (v: unknown) => (Array.isArray(v) ? v.map((x: { id: number }) => x.id) : []);
  return {
    ...item,
    storeIds: ids(item.stores),
    roleIds: ids(item.roles),
  };
}
