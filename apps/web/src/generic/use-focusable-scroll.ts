import { useEffect, useRef } from 'react';

/**
 * A table wider than the screen scrolls sideways; keyboard users must be able to focus the
 * scrolling box to scroll it (rows without buttons give them nothing else to land on). Put the
 * returned ref on an element around the table(s); each scrolling box gets a tab stop and `label`.
 */
export function useFocusableScroll<T extends HTMLElement = HTMLDivElement>(label: string) {
  const box = useRef<T>(null);
  useEffect(() => {
    box.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body').forEach((el) => {
      el.tabIndex = 0;
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', label);
    });
  });
  return box;
}
