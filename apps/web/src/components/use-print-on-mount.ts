import { useEffect } from 'react';

/** The class of a print view's root element (rendered under <body>; see styles/print.css). */
export const PRINT_ROOT_CLASS = 'harbour-print-root';

/**
 * For a print view rendered under <body> in an element of class `PRINT_ROOT_CLASS`: sets
 * `html.harbour-printing` (styles/print.css then hides everything but the view), opens the print
 * dialog once mounted and calls `onDone` after printing, removing the class again.
 */
export function usePrintOnMount(onDone: () => void): void {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add('harbour-printing');
    const done = () => {
      root.classList.remove('harbour-printing');
      onDone();
    };
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => {
      window.removeEventListener('afterprint', done);
      root.classList.remove('harbour-printing');
    };
  }, [onDone]);
}
