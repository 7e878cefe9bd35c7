/**
 * Contract declarations name their texts `fields.storeName`, `enums.state.normal`, `admin.staff.title`:
 * the first segment is the i18next namespace. i18next itself reads `ns:key`, so this turns the
 * dotted form into the namespaced one once, here, instead of at every call site.
 */
export function nsKey(dotted: string): string {
  const dot = dotted.indexOf('.');
  if (dot <= 0 || dotted.includes(':')) return dotted;
  return `${dotted.slice(0, dot)}:${dotted.slice(dot + 1)}`;
}

/** The label of one value of a declared enum (`enums.<enumName>.<value>`). */
export function enumKey(enumName: string, value: string): string {
  return `enums:${enumName}.${value}`;
}
