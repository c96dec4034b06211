// The console's lint: ESLint's and TypeScript's recommended rules and the rules of hooks; `npm run lint` in CI.
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * An area's page imports its own folder, another area's `service.ts` and what is shared (`components/`,
 * `utils/`, …), never another area's pages or components (docs/architecture.md "Areas"). The screens that show
 * another area's component by design are named here, each with why.
 */
const SHOWN_BY_DESIGN = {
  // The registration wizard walks the units' and the account's own steps.
  'project/Wizard.tsx': ['company/components/BuilderStep', 'company/components/ContractorStep', 'account/AccountStep'],
  // The audit drawer unlocks a unit's company fields where the auditor reads them.
  'audit/AuditDetailDrawer.tsx': ['company/components/UnlockCompanyDialog'],
  // 考勤设备 lists every terminal; a ZKTeco terminal's diagnosis and strangers are the iclock area's.
  'attendance/DeviceList.tsx': ['iclock/Strangers', 'iclock/TerminalDrawer'],
  // The roster line's 合同 dialog is the contract area's.
  'worker/Roster.tsx': ['contract/WorkerContractDialog'],
};

const areaImports = {
  rules: {
    'only-services-of-other-areas': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename.replaceAll('\\', '/');
        const at = file.indexOf('/src/pages/');
        if (at < 0 || /\.test\.tsx?$/.test(file)) return {};
        const own = file.slice(at + '/src/pages/'.length);
        const area = own.split('/')[0];
        const allowed = SHOWN_BY_DESIGN[own] ?? [];
        return {
          ImportDeclaration(node) {
            const source = node.source.value;
            const target = source.startsWith('.') ? `@/pages/${path.posix.join(path.posix.dirname(own), source)}` : source;
            const match = /^@\/pages\/([^/]+)\/(.+)$/.exec(target);
            if (!match || match[1] === area || match[2] === 'service') return;
            if (allowed.includes(`${match[1]}/${match[2]}`)) return;
            context.report({
              node,
              message: `A page of ${area} imports only another area's service.ts or shared components: move ${source} to components/ or ask for it through ${match[1]}'s service.`,
            });
          },
        };
      },
    },
  },
};

/**
 * One way to save, one way to page (issue 30): a submit's busy flag is `useFormSubmit`'s `saving`, never a
 * flag a page sets and clears itself; a server-paged list is `usePagedList` + `ServerTable`, never a table
 * fed its page by hand. The flags of a download or a read (exporting, downloading, reading, loading) are no
 * save and stay the page's own.
 */
const SAVE_HOOK = 'utils/useFormSubmit.ts';
const PAGER = 'components/ServerTable.tsx';
const NOT_A_SAVE = /^set(Exporting|Downloading|Reading|Loading)$/;

/** `setX(false)` or `setX(null)` as a statement of a `finally`: the shape every hand-made save had. */
function turnsOffInFinally(call) {
  const [argument] = call.arguments;
  const off = call.arguments.length === 1 && argument.type === 'Literal' && (argument.value === false || argument.value === null);
  const block = call.parent.type === 'ExpressionStatement' ? call.parent.parent : null;
  return off && block?.type === 'BlockStatement' && block.parent.type === 'TryStatement' && block.parent.finalizer === block;
}

const oneWay = {
  rules: {
    'save-through-the-hook': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        if (context.filename.replaceAll('\\', '/').endsWith(`/src/${SAVE_HOOK}`)) return {};
        const report = (node, name) =>
          context.report({
            node,
            message: `${name} keeps a submit's busy flag by hand: save through useFormSubmit (${SAVE_HOOK}), whose \`saving\` is set while the save runs and whose \`run\`/\`submit\` show the error and ask the 301 confirmation.`,
          });
        return {
          CallExpression(node) {
            const name = node.callee.type === 'Identifier' ? node.callee.name : '';
            if (/^set(Saving|Submitting)$/.test(name) || (/^set[A-Z]/.test(name) && !NOT_A_SAVE.test(name) && turnsOffInFinally(node))) {
              report(node, name);
            }
          },
        };
      },
    },
    'page-through-server-table': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        if (context.filename.replaceAll('\\', '/').endsWith(`/src/${PAGER}`)) return {};
        return {
          // `pagination={{ current, … }}` (or such an object in a conditional): a page kept beside the table.
          'JSXAttribute[name.name="pagination"] ObjectExpression > Property[key.name="current"]'(node) {
            context.report({
              node,
              message: `A table paged by hand: ask the server for pages through usePagedList and show them with ServerTable (${PAGER}); pass \`pager\` for a narrow place.`,
            });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['dist/', 'src/api/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, areas: areaImports, 'one-way': oneWay },
    rules: {
      'areas/only-services-of-other-areas': 'error',
      'one-way/save-through-the-hook': 'error',
      'one-way/page-through-server-table': 'error',
      // The rules of hooks; the React Compiler's rules (refs, setState in effects) are left out: the console
      // does not use the compiler, and its keep-alive outlet keeps rendered pages in a ref on purpose.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Chinese text spaces with U+3000 on purpose.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Vitest's globals (describe, it, vi…) are declared by its types; the browser's by TypeScript's lib.
    files: ['**/*.{ts,tsx}'],
    rules: { 'no-undef': 'off' },
  },
);
