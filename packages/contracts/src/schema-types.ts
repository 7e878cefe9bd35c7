import type { z } from 'zod';

/**
 * The two sides of a schema as a client sees them: what it may send (before the server's
 * defaults and coercions: `z.input`) and what it receives (after: `z.output`). The web's endpoint
 * map types its bodies and answers with these, so it needs no zod of its own.
 */
export type BodyOf<S extends z.ZodType> = z.input<S>;
export type AnswerOf<S extends z.ZodType> = z.output<S>;
