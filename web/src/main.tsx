/**
 * The entry: asks at once what the guard and the landing page will ask first, then loads the console, whose
 * calls take those replies (api/early.ts), and the first screen's chunks. The entry stays free of React and
 * antd so that it runs first.
 */
import { askEarly } from '@/api/early';
import { firstCalls } from '@/router/firstCalls';
import { useSession } from '@/store/session';
import { getUserId } from '@/utils/storage';
import './index.css';

const { token, side, siteConfig } = useSession.getState();
askEarly(
  firstCalls({
    pathname: location.pathname,
    search: location.search,
    side,
    token,
    userId: getUserId(),
    siteConfigStored: siteConfig !== null,
  }),
);
void import('./start');
// The first screen's chunks are fetched alongside, instead of once the guard has rendered.
void import('./router/firstScreen').then(({ preloadFirstScreen }) => preloadFirstScreen(location.pathname, side, token));
