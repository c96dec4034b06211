import { initialTags, pathAfterClose, tagsReducer, type TagsState, type VisitedTag } from './tagsView';

const tag = (path: string, extra: Partial<VisitedTag> = {}): VisitedTag => ({
  path,
  fullPath: path,
  title: path,
  affix: false,
  noCache: false,
  ...extra,
});

const home = tag('/index', { affix: true, title: '工作台' });
const withTags = (...tags: VisitedTag[]): TagsState => ({ ...initialTags, visited: tags });
const paths = (state: TagsState) => state.visited.map((t) => t.path);

describe('tags-view reducer', () => {
  it('adds a visited page once, keeping the latest query', () => {
    let state = tagsReducer(initialTags, { type: 'add', tag: home });
    state = tagsReducer(state, {
      type: 'add',
      tag: tag('/remunerationClues/feedbackDetail', { fullPath: '/remunerationClues/feedbackDetail?id=1' }),
    });
    state = tagsReducer(state, {
      type: 'add',
      tag: tag('/remunerationClues/feedbackDetail', { fullPath: '/remunerationClues/feedbackDetail?id=2' }),
    });
    expect(paths(state)).toEqual(['/index', '/remunerationClues/feedbackDetail']);
    expect(state.visited[1].fullPath).toBe('/remunerationClues/feedbackDetail?id=2');
  });

  it('closes a tab but never the affix one', () => {
    const state = withTags(home, tag('/a'), tag('/b'));
    expect(paths(tagsReducer(state, { type: 'close', path: '/a' }))).toEqual(['/index', '/b']);
    expect(paths(tagsReducer(state, { type: 'close', path: '/index' }))).toEqual(['/index', '/a', '/b']);
  });

  it('close others keeps the affix tab and the chosen one', () => {
    const state = withTags(home, tag('/a'), tag('/b'), tag('/c'));
    expect(paths(tagsReducer(state, { type: 'closeOthers', path: '/b' }))).toEqual(['/index', '/b']);
    expect(paths(tagsReducer(state, { type: 'closeOthers', path: '/index' }))).toEqual(['/index']);
  });

  it('close all keeps the affix tab', () => {
    const state = withTags(home, tag('/a'), tag('/b'));
    expect(paths(tagsReducer(state, { type: 'closeAll' }))).toEqual(['/index']);
  });

  it('refresh bumps the page version', () => {
    let state = withTags(home, tag('/a'));
    state = tagsReducer(state, { type: 'refresh', path: '/a' });
    state = tagsReducer(state, { type: 'refresh', path: '/a' });
    expect(state.versions['/a']).toBe(2);
  });

  it('reset forgets everything', () => {
    expect(tagsReducer(withTags(home, tag('/a')), { type: 'reset' })).toEqual(initialTags);
  });
});

describe('where to go after closing', () => {
  it('stays when the active tab is still open', () => {
    expect(pathAfterClose([home, tag('/a')], '/a')).toBeNull();
  });

  it('goes to the last remaining tab when the active one closed', () => {
    expect(pathAfterClose([home, tag('/b', { fullPath: '/b?x=1' })], '/a')).toBe('/b?x=1');
    expect(pathAfterClose([home], '/a')).toBe('/index');
  });

  it('goes home when nothing is left', () => {
    expect(pathAfterClose([], '/a')).toBe('/');
  });
});
