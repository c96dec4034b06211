import type { ReactNode } from 'react';
import { Result } from 'antd';

/** The honest placeholder of a screen that a later issue builds. */
export default function UnderConstruction({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div data-testid="under-construction">
      <Result status="info" title={title} subTitle="功能建设中" extra={children} />
    </div>
  );
}
