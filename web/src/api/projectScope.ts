/**
 * The regulator's project in view goes along with every call an admin makes to the enterprise side (paths
 * under `builder`), as `projectId` in the query (the server reads the query of a POST too); a call that names
 * its own project keeps it.
 */
import { useProjectInView } from '@/store/projectInView';
import { useSession } from '@/store/session';

export function withProjectInView(path: string, query: unknown): unknown {
  if (path.split('/')[1] !== 'builder' || !useSession.getState().roles.includes('admin')) return query;
  const project = useProjectInView.getState().project;
  if (!project) return query;
  const given = (query ?? {}) as Record<string, unknown>;
  if (given.projectId != null && given.projectId !== '') return query;
  return { ...given, projectId: project.id };
}
