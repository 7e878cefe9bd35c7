/**
 * The message namespaces the login page needs (its own texts, the language names, the form's
 * checks, the shell's language label). The build puts them in a small chunk of their own per
 * language (vite.config.ts), so the login page is shown without the other ~90 % of the texts; the
 * rest arrives while the staff member types (app/preload.ts) and before the workspace renders.
 * Plain constants, so vite.config.ts can read them too.
 */
export const START_NAMESPACES: readonly string[] = ['auth', 'common', 'errors', 'shell', 'validation'];
