/** Spec §5: the avatar is a JPG, PNG or GIF of at most 2 MB. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export type AvatarProblem = 'type' | 'size' | undefined;

export function checkAvatar(file: { type: string; size: number }): AvatarProblem {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return undefined;
}
