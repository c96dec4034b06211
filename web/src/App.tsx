import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createAppRouter } from '@/router';
import { showNoticeFromReload } from '@/utils/reload';

dayjs.locale('zh-cn');

const router = createAppRouter();

export default function App() {
  useEffect(showNoticeFromReload, []);
  return (
    <ConfigProvider locale={zhCN}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
