/** Runtime errors collected for the error-log dialog (spec §8). */
import { create } from 'zustand';

export interface LoggedError {
  id: number;
  message: string;
  /** Where it came from: "window.onerror", "unhandledrejection", or the React component stack. */
  info: string;
  url: string;
  stack?: string;
  time: string;
}

interface ErrorLogState {
  errors: LoggedError[];
  add: (e: Omit<LoggedError, 'id' | 'time'>) => void;
  clear: () => void;
}

/** Enough to diagnose a session without letting a loop of errors eat memory. */
const MAX_ERRORS = 100;
let nextId = 1;

export const useErrorLog = create<ErrorLogState>()((set) => ({
  errors: [],
  add: (e) =>
    set((s) => ({
      errors: [...s.errors, { ...e, id: nextId++, time: new Date().toISOString() }].slice(-MAX_ERRORS),
    })),
  clear: () => set({ errors: [] }),
}));
