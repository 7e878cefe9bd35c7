import type { Row } from '../../generic/useResource';

/**
 * The staff API item → the edit form's values. Stores and roles arrive as `{id,name}` lists and
 * are edited as id lists. A masked mobile/HKID (the editor may not see it) is not prefilled: it
 * would be sent back as the masked text; the editor types the number again instead.
 */
export function staffItemToForm(item: Row): Row {
  const ids = (v: unknown) => (Array.isArray(v) ? v.map((x: { id: number }) => x.id) : []);
  const masked = item.masked === true;
  return {
    ...item,
    storeIds: ids(item.stores),
    roleIds: ids(item.roles),
    mobile: masked ? null : item.mobile,
    hkid: masked ? null : item.hkid,
  };
}
