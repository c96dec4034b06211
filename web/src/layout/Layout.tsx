/** The shell: header, sidebar (a drawer on phones), tab bar and the kept-alive page area. */
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { Drawer, Layout as AntLayout } from 'antd';
import { buildMenu } from '@/router/menu';
import { routesFor } from '@/router/routes';
import { affixEntries, applySiteFlags, filterByRoles, matchRoute, needsProject } from '@/router/routeTree';
import { useAppStore } from '@/store/app';
import { useProjectInView } from '@/store/projectInView';
import { mustChangePassword, useSession } from '@/store/session';
import { useTags } from '@/store/tagsView';
import ChangePasswordDialog from './ChangePasswordDialog';
import KeepAliveOutlet from './KeepAliveOutlet';
import NoProjectInView from './NoProjectInView';
import OwnIdNumberDialog from './OwnIdNumberDialog';
import Navbar from './Navbar';
import Sidebar from './Sidebar';
import TagsView from './TagsView';
import { useResponsiveSidebar } from './useResponsiveSidebar';

const SIDEBAR_WIDTH = 210;

export default function Layout() {
  const { pathname, search } = useLocation();
  const { side, roles, siteConfig, userInfo } = useSession();
  const { sidebarOpened, device, closeSidebar } = useAppStore();
  const dispatch = useTags((state) => state.dispatch);
  useResponsiveSidebar();

  const routes = useMemo(
    () =>
      filterByRoles(
        applySiteFlags(routesFor(side), {
          finance: siteConfig?.finance,
          propertyStatus: userInfo?.propertyStatus,
          regulatorRole: userInfo?.regulatorRole ?? undefined,
        }),
        roles,
      ),
    [side, roles, siteConfig?.finance, userInfo?.propertyStatus, userInfo?.regulatorRole],
  );
  const menu = useMemo(() => buildMenu(routes), [routes]);
  const entry = matchRoute(routes, pathname);
  const meta = entry?.route.meta;
  const projectInView = useProjectInView((state) => state.project);
  const regulator = roles.includes('admin');
  const pickProjectFirst = regulator && !projectInView && !!entry && needsProject(entry.chain);

  useEffect(() => {
    for (const { fullPath, route } of affixEntries(routes)) {
      const title = route.meta?.title ?? fullPath;
      dispatch({ type: 'add', tag: { path: fullPath, fullPath, title, affix: true, noCache: !!route.meta?.noCache } });
    }
  }, [routes, dispatch]);

  useEffect(() => {
    if (!meta?.title) return;
    const tag = {
      path: pathname,
      fullPath: pathname + search,
      title: meta.title,
      affix: !!meta.affix,
      noCache: !!meta.noCache,
    };
    dispatch({ type: 'add', tag });
  }, [pathname, search, meta, dispatch]);

  const mobile = device === 'mobile';
  const sidebar = <Sidebar menu={menu} collapsed={!mobile && !sidebarOpened} />;

  return (
    <AntLayout className="app-layout">
      <Navbar />
      <AntLayout>
        {mobile ? (
          <Drawer
            open={sidebarOpened}
            placement="left"
            size={SIDEBAR_WIDTH}
            onClose={closeSidebar}
            closable={false}
            className="sidebar-drawer"
          >
            {sidebar}
          </Drawer>
        ) : (
          <AntLayout.Sider
            className="app-sider"
            width={SIDEBAR_WIDTH}
            collapsed={!sidebarOpened}
            collapsedWidth={64}
            trigger={null}
            collapsible
          >
            {sidebar}
          </AntLayout.Sider>
        )}
        <AntLayout className="app-main">
          <TagsView />
          <AntLayout.Content className="app-content">
            {/* Another project in view: every kept page starts afresh on it. */}
            <KeepAliveOutlet
              key={projectInView?.id ?? 0}
              noCache={!!meta?.noCache}
              replacement={pickProjectFirst ? <NoProjectInView /> : undefined}
            />
          </AntLayout.Content>
        </AntLayout>
      </AntLayout>
      <ChangePasswordDialog open={mustChangePassword(side, userInfo)} forced />
      {side === 'finance' && userInfo && !mustChangePassword(side, userInfo) && <OwnIdNumberDialog />}
    </AntLayout>
  );
}
