import { describe, expect, it } from 'vitest';
import { runSummary } from './service';

describe('runSummary', () => {
  it('says what a run did, and that an unanswered platform is tried again', () => {
    expect(runSummary({ queued: 120, sent: 120, accepted: 119, refused: 1, error: '' })).toBe('新增 120 条，提交 120 条，成功 119 条，退回 1 条');
    expect(runSummary({ queued: 3, sent: 0, accepted: 0, refused: 0, error: 'platform unreachable' })).toBe(
      '新增 3 条，提交 0 条，成功 0 条，退回 0 条；平台未应答，稍后自动重试',
    );
    expect(runSummary({ queued: 0, sent: 0, accepted: 0, refused: 0, error: '' })).toBe('没有新的记录需要上报');
  });
});
