import { forwardRef, type ReactNode } from 'react';
import { Button, theme, type ButtonProps } from 'antd';

/**
 * A button in a table row's actions. Text buttons in the body text colour stay readable (4.5:1)
 * whatever the theme colour; a dangerous action is marked by its red icon, not by pale red text.
 */
export const RowAction = forwardRef<HTMLButtonElement, ButtonProps & { icon: ReactNode; danger?: boolean }>(function RowAction(
  { icon, danger, children, ...rest },
  ref,
) {
  const { token } = theme.useToken();
  return (
    <Button
      ref={ref}
      size="small"
      type="text"
      icon={<span style={{ color: danger ? token.colorError : token.colorPrimary, display: 'inline-flex' }}>{icon}</span>}
      {...rest}
    >
      {children}
    </Button>
  );
});
