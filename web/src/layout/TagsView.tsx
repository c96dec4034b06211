/**
 * The tab bar of visited pages: click to switch, × to close, right-click for 刷新/关闭/关闭其他/关闭所有. When the
 * tabs outgrow the bar it scrolls sideways (the wheel scrolls it too, the active tab is kept in view) and the
 * button at its end lists every open tab.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Dropdown, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { pathAfterClose, useTags, type TagsAction, type VisitedTag } from '@/store/tagsView';

export default function TagsView() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const visited = useTags((state) => state.visited);
  const dispatch = useTags((state) => state.dispatch);
  const strip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    strip.current?.querySelector('.tags-view-item.active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, visited.length]);

  const closeAnd = (action: TagsAction) => {
    dispatch(action);
    const next = pathAfterClose(useTags.getState().visited, pathname);
    if (next) navigate(next);
  };

  const contextMenu = (tag: VisitedTag): MenuProps => ({
    items: [
      { key: 'refresh', label: <span data-testid="tags-menu-refresh">刷新</span> },
      { key: 'close', label: <span data-testid="tags-menu-close">关闭</span>, disabled: tag.affix },
      { key: 'closeOthers', label: <span data-testid="tags-menu-close-others">关闭其他</span> },
      { key: 'closeAll', label: <span data-testid="tags-menu-close-all">关闭所有</span> },
    ],
    onClick: ({ key }) => {
      if (key === 'refresh') dispatch({ type: 'refresh', path: tag.path });
      if (key === 'close') closeAnd({ type: 'close', path: tag.path });
      if (key === 'closeAll') closeAnd({ type: 'closeAll' });
      if (key === 'closeOthers') dispatch({ type: 'closeOthers', path: tag.path });
      if ((key === 'refresh' || key === 'closeOthers') && tag.path !== pathname) navigate(tag.fullPath);
    },
  });

  const allTabs: MenuProps = {
    items: visited.map((tag) => ({ key: tag.path, label: <span data-testid="tags-all-item">{tag.title}</span> })),
    selectedKeys: [pathname],
    onClick: ({ key }) => {
      const tag = visited.find((one) => one.path === key);
      if (tag) navigate(tag.fullPath);
    },
  };

  return (
    <nav className="tags-view" data-testid="tags-view">
      <div
        className="tags-view-strip"
        ref={strip}
        onWheel={(event) => {
          if (strip.current && event.deltaY !== 0) strip.current.scrollLeft += event.deltaY;
        }}
      >
        {visited.map((tag) => (
          <Dropdown key={tag.path} trigger={['contextMenu']} menu={contextMenu(tag)}>
            <span
              className={tag.path === pathname ? 'tags-view-item active' : 'tags-view-item'}
              data-testid="tags-view-item"
              data-path={tag.path}
              onClick={() => navigate(tag.fullPath)}
            >
              {tag.title}
              {!tag.affix && (
                <CloseOutlined
                  className="tags-view-close"
                  data-testid="tags-view-close"
                  aria-label={`关闭 ${tag.title}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    closeAnd({ type: 'close', path: tag.path });
                  }}
                />
              )}
            </span>
          </Dropdown>
        ))}
      </div>
      <Dropdown menu={allTabs} trigger={['click']} placement="bottomRight">
        <Button size="small" type="text" icon={<DownOutlined />} aria-label="全部标签页" data-testid="tags-view-all" className="tags-view-all" />
      </Dropdown>
    </nav>
  );
}
