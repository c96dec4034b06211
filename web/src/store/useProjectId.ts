/** The project a page shows: the regulator's project in view; undefined for a clerk (the session implies it). */
import { useSession } from './session';
import { useProjectInView } from './projectInView';

export function useProjectId(): number | undefined {
  const regulator = useSession((state) => state.roles.includes('admin'));
  const project = useProjectInView((state) => state.project);
  return regulator ? project?.id : undefined;
}

/** The regulator without a project in view: lists that can span projects show every project's rows. */
export function useSpansProjects(): boolean {
  const regulator = useSession((state) => state.roles.includes('admin'));
  const project = useProjectInView((state) => state.project);
  return regulator && !project;
}
