import { AVATAR_MAX_BYTES } from '@harbour/contracts';
import { imageStore } from '../../platform/image-store.js';

/** Staff avatars: JPG, PNG or GIF by content, at most 2 MB, under `uploads/avatars`. */
export const avatarStore = imageStore({
  folder: 'avatars',
  field: 'avatar',
  types: { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' },
  maxBytes: AVATAR_MAX_BYTES,
  messages: { missing: 'admin.avatarMissing', tooLarge: 'admin.avatarTooLarge', type: 'admin.avatarType' },
});
