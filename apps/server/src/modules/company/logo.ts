import { COMPANY_LOGO_MAX_BYTES } from '@harbour/contracts';
import { imageStore } from '../../platform/image-store.js';

/** The company logo: PNG or JPEG by content, at most 1 MB, under `uploads/company`. */
export const logoStore = imageStore({
  folder: 'company',
  field: 'logo',
  types: { 'image/png': 'png', 'image/jpeg': 'jpg' },
  maxBytes: COMPANY_LOGO_MAX_BYTES,
  messages: { missing: 'company.logoMissing', tooLarge: 'company.logoTooLarge', type: 'company.logoType' },
});
