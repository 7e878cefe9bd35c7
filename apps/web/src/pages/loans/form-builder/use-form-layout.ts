import { useQuery } from '@tanstack/react-query';
import { fieldRule, type ApplicationFormFieldKey, type FormLayout } from '@harbour/contracts';
import { formLayoutApi, formLayoutKeys } from './form-layout-api';

export interface FormLayoutRules {
  /** the loan type's layout; undefined while loading or without a loan type (every field shown, as the default) */
  layout: FormLayout | undefined;
  shown: (key: ApplicationFormFieldKey) => boolean;
  required: (key: ApplicationFormFieldKey) => boolean;
}

/**
 * How the application form treats its fields for a loan type (Tools → application form builder):
 * the form shows a field only when `shown(key)` and marks it when `required(key)`. The server
 * applies the same layout to every save.
 */
export function useFormLayout(loanType: string | null | undefined): FormLayoutRules {
  const query = useQuery({
    queryKey: formLayoutKeys.one(loanType ?? ''),
    queryFn: ({ signal }) => formLayoutApi.get(loanType!, signal),
    enabled: !!loanType,
    staleTime: 30_000,
  });
  const layout = loanType ? query.data : undefined;
  return {
    layout,
    shown: (key) => fieldRule(layout, key).shown,
    required: (key) => fieldRule(layout, key).required,
  };
}
