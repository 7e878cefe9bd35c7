import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { BUILT_IN_ROLES } from '@harbour/contracts';

const builtIn = new Set<string>(BUILT_IN_ROLES);

/**
 * A role's name and description as the reader should see them: a built-in role (stored by its
 * code, e.g. `manager`) in the reader's language, any other role as its administrator typed it.
 */
export function useRoleName() {
  const { t } = useTranslation('admin');
  const name = useCallback((stored: unknown) => {
    const text = String(stored ?? '');
    return builtIn.has(text) ? t(`roles.builtIn.${text}.name`) : text;
  }, [t]);
  const description = useCallback(
    (stored: unknown, typed: unknown) => {
      const text = String(stored ?? '');
      return builtIn.has(text) ? t(`roles.builtIn.${text}.description`) : String(typed ?? '');
    },
    [t],
  );
  return { name, description };
}
