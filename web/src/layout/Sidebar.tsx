import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { parentKeys, type MenuNode } from '@/router/menu';
import { nextScrollTop } from '@/utils/sidebar';
import { MENU_ICONS } from './menuIcons';

type Items = NonNullable<MenuProps['items']>;

const toItems = (nodes: readonly MenuNode[]): Items =>
  nodes.map((node) => ({
    key: node.key,
    label: node.label,
    icon: node.icon && MENU_ICONS[node.icon],
    children: node.children ? toItems(node.children) : undefined,
  }));

export default function Sidebar({ menu, collapsed }: { menu: MenuNode[]; collapsed: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const scroller = useRef<HTMLDivElement>(null);
  const [openKeys, setOpenKeys] = useState(() => parentKeys(menu, pathname));

  useEffect(() => {
    const wanted = parentKeys(menu, pathname);
    setOpenKeys((keys) => [...new Set([...keys, ...wanted])]);
  }, [menu, pathname]);

  // Fixed 80 px steps whatever the device's wheel delta (spec §9); a passive listener could not stop the page scrolling.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      element.scrollTop = nextScrollTop(element.scrollTop, event.deltaY, element.scrollHeight - element.clientHeight);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  return (
    <div className="sidebar-scroll" ref={scroller} data-testid="sidebar">
      <Menu
        mode="inline"
        theme="dark"
        items={toItems(menu)}
        selectedKeys={[pathname]}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => navigate(key)}
      />
    </div>
  );
}
