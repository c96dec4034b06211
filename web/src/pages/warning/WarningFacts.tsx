import { Descriptions, Tag } from 'antd';
import { WorkerLink } from './columns';
import { levelColor, type WarningItem } from './service';

/** One warning's facts: level, rule, period, the worker it is about, what was found, when raised and how it closed. */
export default function WarningFacts({ warning }: { warning: WarningItem }) {
  return (
    <Descriptions
      data-testid="warning-facts"
      bordered
      size="small"
      column={2}
      items={[
        { key: 'level', label: '预警级别', children: <Tag color={levelColor(warning.level)}>{warning.levelLabel}</Tag> },
        { key: 'rule', label: '预警类型', children: warning.ruleLabel },
        { key: 'project', label: '项目', children: warning.projectName || '—', span: 2 },
        { key: 'period', label: '所属期间', children: warning.period || '—' },
        { key: 'status', label: '状态', children: warning.statusLabel },
        ...(warning.subjectKind === 'worker'
          ? [{ key: 'worker', label: '涉及工人', children: <WorkerLink warning={warning} />, span: 2 }]
          : []),
        { key: 'facts', label: '预警内容', children: warning.facts, span: 2 },
        { key: 'raised', label: '产生时间', children: warning.raisedAt },
        { key: 'closed', label: '关闭时间', children: warning.closedAt || '—' },
        ...(warning.closeReason
          ? [{ key: 'reason', label: '关闭原因', children: warning.closeReason, span: 2 }]
          : []),
      ]}
    />
  );
}
