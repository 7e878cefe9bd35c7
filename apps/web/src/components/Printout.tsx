import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { PRINT_ROOT_CLASS, usePrintOnMount } from './use-print-on-mount';

/** A printout under <body> (class `className` beside the print root's): opens the print dialog once mounted, calls `onDone` after. */
export function Printout({ children, className, onDone }: { children: ReactNode; className?: string; onDone: () => void }) {
  usePrintOnMount(onDone);
  return createPortal(<div className={className ? `${PRINT_ROOT_CLASS} ${className}` : PRINT_ROOT_CLASS}>{children}</div>, document.body);
}
