import { Modal, message } from 'antd';
import { logout } from '@/api/session';
import { useSession } from '@/store/session';
import { reloadPage } from '@/utils/reload';

/** Asks, ends the server session, forgets the local one and reloads (spec §4 "Logout"). */
export function useLogout() {
  const side = useSession((state) => state.side);
  const clear = useSession((state) => state.clear);

  return () =>
    Modal.confirm({
      title: '提示',
      content: '此操作将退出登录, 是否继续?',
      okText: '确定',
      cancelText: '取消',
      onCancel: () => {
        message.info('已取消登出');
      },
      onOk: async () => {
        // A dead server session changes nothing: the local one is forgotten either way.
        await logout(side).catch(() => undefined);
        clear();
        reloadPage({ type: 'success', text: '退出成功!' });
      },
    });
}
