import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'antd/dist/antd.css';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createAppRouter } from '@/router';
import { showNoticeFromReload } from '@/utils/reload';

dayjs.locale('zh-cn');

const router = createAppRouter();

export default function App() {
  useEffect(showNoticeFromReload, []);
  return (
    // antd's styles come from its stylesheet instead of being computed at every first render of a component.
    <ConfigProvider locale={zhCN} theme={{ zeroRuntime: true }}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
