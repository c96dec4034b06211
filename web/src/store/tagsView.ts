/** The tab bar of visited pages (tags-view): a pure reducer and the store around it. */
import { create } from 'zustand';

export interface VisitedTag {
  /** The pathname: identifies the tab and its kept-alive page. */
  path: string;
  /** Pathname plus query, to return to the page as it was left. */
  fullPath: string;
  title: string;
  affix: boolean;
  noCache: boolean;
}

export interface TagsState {
  visited: VisitedTag[];
  /** Bumped by 刷新 so the kept-alive page mounts afresh. */
  versions: Record<string, number>;
}

export type TagsAction =
  | { type: 'add'; tag: VisitedTag }
  | { type: 'close'; path: string }
  | { type: 'closeOthers'; path: string }
  | { type: 'closeAll' }
  | { type: 'refresh'; path: string }
  | { type: 'reset' };

export const initialTags: TagsState = { visited: [], versions: {} };

export function tagsReducer(state: TagsState, action: TagsAction): TagsState {
  switch (action.type) {
    case 'add': {
      const index = state.visited.findIndex((tag) => tag.path === action.tag.path);
      if (index < 0) return { ...state, visited: [...state.visited, action.tag] };
      const visited = state.visited.slice();
      visited[index] = { ...visited[index], fullPath: action.tag.fullPath };
      return { ...state, visited };
    }
    case 'close':
      return { ...state, visited: state.visited.filter((tag) => tag.affix || tag.path !== action.path) };
    case 'closeOthers':
      return { ...state, visited: state.visited.filter((tag) => tag.affix || tag.path === action.path) };
    case 'closeAll':
      return { ...state, visited: state.visited.filter((tag) => tag.affix) };
    case 'refresh':
      return { ...state, versions: { ...state.versions, [action.path]: (state.versions[action.path] ?? 0) + 1 } };
    case 'reset':
      return initialTags;
  }
}

/**
 * Where to go after tabs were closed: stay when the active tab survived, else the last remaining tab.
 * Returns null to stay.
 */
export function pathAfterClose(visited: readonly VisitedTag[], activePath: string): string | null {
  if (visited.some((tag) => tag.path === activePath)) return null;
  return visited.at(-1)?.fullPath ?? '/';
}

interface TagsStore extends TagsState {
  dispatch: (action: TagsAction) => void;
}

export const useTags = create<TagsStore>()((set) => ({
  ...initialTags,
  dispatch: (action) => set((state) => tagsReducer(state, action)),
}));
