/**
 * The project a QR code on a site's board named (`/w?project=<id>`), by its name: shown on the worker's login
 * page so that he knows where he is, with the board one tap away. Nothing while it loads; a project the
 * server does not know (404: unknown or not approved) says so.
 */
import type { CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EnvironmentOutlined, RightOutlined } from '@ant-design/icons';
import { fetchSiteBoard, siteBoardKey } from '@/pages/project/service';

/** The layout's `w-link` row on an `<a>`: no link colour or underline, its padding inside its width. */
export const LINK_ROW: CSSProperties = { boxSizing: 'border-box', color: 'inherit', textDecoration: 'none' };

export default function ProjectNamed({ projectId }: { projectId: number }) {
  const board = useQuery({ queryKey: siteBoardKey(projectId), queryFn: () => fetchSiteBoard(projectId) });
  if (board.isError)
    return (
      <p className="w-muted" data-testid="worker-project-unknown">
        二维码中的项目未找到或未通过审核，登录后可查看本人的全部项目。
      </p>
    );
  if (!board.data) return null;
  return (
    <Link to={`/w/board?project=${projectId}`} className="w-link" style={LINK_ROW} data-testid="worker-project-named">
      <span>
        <EnvironmentOutlined /> <b data-testid="worker-project-name">{board.data.projectName}</b>
        <span className="w-muted" style={{ display: 'block' }}>
          查看本项目维权信息告示牌
        </span>
      </span>
      <RightOutlined />
    </Link>
  );
}
