/** What an enterprise page that needs a project shows the regulator while no project is in view. */
import { Link } from 'react-router';
import { Result } from 'antd';

export const MSG_PICK_PROJECT = '请先在项目目录中选择要查看的项目';

export default function NoProjectInView() {
  return (
    <Result
      status="info"
      title={MSG_PICK_PROJECT}
      extra={<Link to="/regulator/projects">前往项目目录</Link>}
      data-testid="no-project-in-view"
    />
  );
}
