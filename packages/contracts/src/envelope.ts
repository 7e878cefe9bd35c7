import { z } from 'zod';

/** Every answer of the admin API is wrapped in this envelope (architecture §4). */
export const API_BASE = '/api/admin/v1';

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ result: z.literal('success'), data, message: z.string().optional() });

export const errorEnvelopeSchema = z.object({
  result: z.literal('error'),
  status: z.number().int(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type SuccessEnvelope<T> = { result: 'success'; data: T; message?: string };
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;
