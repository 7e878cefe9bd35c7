/** The signed-in staff member as `/userInfo` describes them; not persisted (re-read on load). */
import { create } from 'zustand';
import type { UserInfo } from '../api/types.js';

interface SessionState {
  user: UserInfo | null;
  setUser: (user: UserInfo | null) => void;
}

export const useSession = create<SessionState>()((set) => ({
  user: null,
  setUser: (user) => set({ user }),
}));

/** Staff id 1 is the super admin (spec §6). */
export const isSuperAdmin = (user: UserInfo | null) => user?.id === 1;
