import { successEnvelope } from '@harbour/contracts';
import type { z } from 'zod';

/** `{result:"success", data, message?}` around a route's data schema. */
export const envelopeOf = <T extends z.ZodType>(data: T) => successEnvelope(data);
