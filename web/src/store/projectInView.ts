/**
 * The project a regulator (admin) has in view: chosen in the directory or the header's picker, kept for the
 * browser tab (sessionStorage), added as `projectId` to every enterprise-side call the admin makes
 * (api/projectScope.ts). A clerk's own project is implied by the session and never kept here.
 */
import { create } from 'zustand';

export interface ProjectInView {
  id: number;
  name: string;
}

const KEY = 'projectInView';

function stored(): ProjectInView | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as ProjectInView | null;
    return value && typeof value.id === 'number' && typeof value.name === 'string' ? value : null;
  } catch {
    return null;
  }
}

interface ProjectInViewState {
  project: ProjectInView | null;
  view: (project: ProjectInView) => void;
  clear: () => void;
}

export const useProjectInView = create<ProjectInViewState>()((set) => ({
  project: stored(),
  view: (project) => {
    sessionStorage.setItem(KEY, JSON.stringify(project));
    set({ project });
  },
  clear: () => {
    sessionStorage.removeItem(KEY);
    set({ project: null });
  },
}));
