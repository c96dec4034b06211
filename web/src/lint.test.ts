/**
 * The console's own lint rules (eslint.config.js), run through the real configuration on a page's code: they
 * hold the architecture's rules, so a rule that stopped firing would let them go unnoticed.
 */
import path from 'node:path';
import { ESLint } from 'eslint';

const web = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: web });

/** The console's own rules (`areas/`, `one-way/`) reported for `code` written in `file` (relative to web/). */
async function rulesFiring(code: string, file = 'src/pages/demo/Demo.tsx') {
  const [result] = await eslint.lintText(code, { filePath: path.join(web, file) });
  return result.messages.map((reported) => reported.ruleId).filter((rule) => /^(areas|one-way)\//.test(rule ?? ''));
}

const handMadeSave = `
import { useState } from 'react';
import { showApiError } from '@/api/client';
export function Demo({ save }: { save: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await save();
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return <button disabled={busy} onClick={() => void submit()}>保存</button>;
}
`;

const handMadePaging = `
import { useState } from 'react';
import { Table } from 'antd';
export function Demo({ rows, total }: { rows: { id: number }[]; total: number }) {
  const [page, setPage] = useState(1);
  return <Table rowKey="id" dataSource={rows} pagination={{ current: page, pageSize: 10, total, onChange: setPage }} />;
}
`;

describe('the console lint', () => {
  it('refuses a busy flag a page turns off in finally, whatever its name, and any setSaving', async () => {
    expect(await rulesFiring(handMadeSave)).toEqual(['one-way/save-through-the-hook']);
    const named = `import { useState } from 'react';
export function Demo() {
  const [, setSaving] = useState(false);
  return <button onClick={() => setSaving(true)}>保存</button>;
}
`;
    expect(await rulesFiring(named)).toEqual(['one-way/save-through-the-hook']);
  });

  it("leaves a download's flag and the hook itself alone", async () => {
    expect(await rulesFiring(handMadeSave.replaceAll('setBusy', 'setExporting'))).toEqual([]);
    expect(await rulesFiring(handMadeSave, 'src/utils/useFormSubmit.ts')).not.toContain('one-way/save-through-the-hook');
  });

  it('refuses a table paged by hand, except in ServerTable', async () => {
    expect(await rulesFiring(handMadePaging)).toEqual(['one-way/page-through-server-table']);
    expect(await rulesFiring(handMadePaging.replace('current: page, ', ''))).toEqual([]);
    expect(await rulesFiring(handMadePaging, 'src/components/ServerTable.tsx')).toEqual([]);
  });

  it("refuses another area's page, not its service", async () => {
    expect(await rulesFiring(`import Roster from '@/pages/worker/Roster';\nexport default Roster;\n`)).toEqual(['areas/only-services-of-other-areas']);
    expect(await rulesFiring(`export { fetchRoster } from '@/pages/worker/service';\n`)).toEqual([]);
  });
});
