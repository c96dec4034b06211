/**
 * The route table: one entry per screen. Its meta drives the sidebar, the tab bar and the guard
 * (vue-element-admin style). Every page is its own lazily loaded chunk.
 */
import type { Side } from '@/store/session';
import { lazyPage } from './lazyPage';
import type { AppRoute } from './types';

const builder = { roles: ['builder' as const] };
const finance = { roles: ['finance' as const] };

/** The enterprise shell (tab index 1). */
export const normalRoutes: AppRoute[] = [
  {
    path: '/',
    redirect: '/index',
    meta: builder,
    children: [
      {
        path: 'index',
        page: lazyPage(() => import('@/pages/workbench/Workbench')),
        meta: { title: '工作台', icon: 'home', affix: true, noProject: true },
      },
    ],
  },
  // The regulator's own menus come first (before the project in view's pages); a clerk never sees them.
  {
    path: '/regulator',
    redirect: '/regulator/projects',
    meta: { roles: ['admin'], title: '项目监管', icon: 'directory', alwaysShow: true },
    children: [
      {
        path: 'projects',
        page: lazyPage(() => import('@/pages/regulator/Directory')),
        meta: { title: '项目目录' },
      },
      {
        path: 'notices',
        page: lazyPage(() => import('@/pages/notice/NoticeDesk')),
        meta: { title: '通知发布', noProject: true },
      },
      {
        path: 'clues',
        page: lazyPage(() => import('@/pages/clue/ClueInbox')),
        meta: { title: '线索管理', regulatorRoles: ['inspector', 'manager'], noProject: true },
      },
      {
        path: 'warnings',
        page: lazyPage(() => import('@/pages/warning/Supervision')),
        meta: { title: '预警监管' },
      },
    ],
  },
  {
    path: '/audit',
    redirect: '/audit/project',
    meta: { roles: ['admin'], title: '监管审核', icon: 'audit', alwaysShow: true },
    children: [
      {
        path: 'project',
        page: lazyPage(() => import('@/pages/audit/ProjectAudit')),
        meta: { title: '注册审核' },
      },
    ],
  },
  {
    // The regulator's own settings keep their /system paths but are listed apart from the project's settings.
    path: '/supervision',
    redirect: '/system/holidays',
    meta: { roles: ['admin'], title: '监管设置', icon: 'setting', alwaysShow: true },
    children: [
      {
        path: '/system/holidays',
        page: lazyPage(() => import('@/pages/calendar/Holidays')),
        meta: { title: '节假日设置' },
      },
      {
        path: '/system/oplog',
        page: lazyPage(() => import('@/pages/oplog/OperationLog')),
        meta: { title: '操作日志' },
      },
      {
        path: '/system/regulators',
        page: lazyPage(() => import('@/pages/auth/Regulators')),
        meta: { title: '监管账号', regulatorRoles: ['manager'] },
      },
    ],
  },
  {
    path: '/project',
    redirect: '/project/projectInfo',
    meta: { ...builder, title: '项目管理', icon: 'project' },
    children: [
      { path: 'projectInfo', page: lazyPage(() => import('@/pages/project/ProjectInfo')), meta: { title: '项目信息' } },
      { path: 'builderInfo', page: lazyPage(() => import('@/pages/company/BuilderInfo')), meta: { title: '建设单位信息' } },
      {
        path: 'constructInfo',
        page: lazyPage(() => import('@/pages/company/ConstructInfo')),
        meta: { title: '施工单位信息' },
      },
      {
        path: 'contractorInfo',
        page: lazyPage(() => import('@/pages/company/ContractorInfo')),
        meta: { title: '参建单位' },
      },
      { path: 'bzInfo', page: lazyPage(() => import('@/pages/team/Teams')), meta: { title: '班组管理' } },
      {
        path: 'projectManagement',
        page: lazyPage(() => import('@/pages/project/ProjectManagement')),
        meta: { title: '管理人员' },
      },
      {
        path: 'regist',
        page: lazyPage(() => import('@/pages/project/Regist')),
        meta: { title: '添加关键岗位人员', hidden: true, noCache: true, clerkOnly: true },
      },
      { path: 'sheets', page: lazyPage(() => import('@/pages/attendance/Sheets')), meta: { title: '考勤表', hidden: true } },
      {
        path: 'accounting',
        page: lazyPage(() => import('@/pages/wage/Accounting')),
        meta: { title: '工资核算', hidden: true, noProject: true },
      },
      { path: 'issue', page: lazyPage(() => import('@/pages/wage/Issue')), meta: { title: '工资发放', hidden: true, clerkOnly: true } },
      {
        path: 'newBulid',
        page: lazyPage(() => import('@/pages/company/NewBulid')),
        meta: { title: '新增参建单位', hidden: true, noCache: true, clerkOnly: true },
      },
      {
        path: 'editBuilds',
        page: lazyPage(() => import('@/pages/company/EditBuilds')),
        meta: { title: '编辑参建单位', hidden: true, noCache: true, clerkOnly: true },
      },
    ],
  },
  {
    path: '/user',
    redirect: '/user/register',
    meta: { ...builder, title: '实名制管理', icon: 'idcard' },
    children: [
      { path: 'register', page: lazyPage(() => import('@/pages/worker/Register')), meta: { title: '进场登记', clerkOnly: true } },
      { path: 'list', page: lazyPage(() => import('@/pages/worker/Roster')), meta: { title: '花名册' } },
      { path: 'attendance', page: lazyPage(() => import('@/pages/attendance/Records')), meta: { title: '考勤管理', noProject: true } },
      { path: 'salaryCheck', page: lazyPage(() => import('@/pages/wage/SalaryCheck')), meta: { title: '工资核查' } },
      { path: 'salaryPay', page: lazyPage(() => import('@/pages/wage/SalaryPay')), meta: { title: '工资支付' } },
      { path: 'train', page: lazyPage(() => import('@/pages/worker/Training')), meta: { title: '培训记录' } },
    ],
  },
  {
    path: '/special',
    redirect: '/special/water',
    meta: { ...builder, title: '专户管理', icon: 'bank' },
    children: [
      { path: 'water', page: lazyPage(() => import('@/pages/special/Water')), meta: { title: '专户流水' } },
      { path: 'information', page: lazyPage(() => import('@/pages/special/Information')), meta: { title: '专户信息' } },
      { path: 'reconciliation', page: lazyPage(() => import('@/pages/special/Reconciliation')), meta: { title: '专户对账' } },
      {
        path: 'orderManagement',
        page: lazyPage(() => import('@/pages/wage/OrderManagement')),
        meta: { title: '工资单管理', noProject: true },
      },
      {
        path: 'abnormal',
        page: lazyPage(() => import('@/pages/wage/Abnormal')),
        meta: { title: '工资发放异常处理', hidden: true },
      },
      {
        path: 'orderDetail',
        page: lazyPage(() => import('@/pages/wage/OrderDetail')),
        meta: { title: '工资单详情', hidden: true, noCache: true },
      },
    ],
  },
  {
    path: '/faith',
    redirect: '/faith/record',
    meta: { ...builder, title: '诚信管理', icon: 'credit' },
    children: [
      { path: 'record', page: lazyPage(() => import('@/pages/faith/Record')), meta: { title: '不良行为记录' } },
      { path: 'award', page: lazyPage(() => import('@/pages/faith/Award')), meta: { title: '奖励记录' } },
      { path: 'punishment', page: lazyPage(() => import('@/pages/faith/Punishment')), meta: { title: '处罚记录' } },
    ],
  },
  {
    path: '/affix',
    redirect: '/affix/affix',
    meta: { ...builder, title: '附件凭证', icon: 'affix' },
    children: [
      { path: 'affix', page: lazyPage(() => import('@/pages/affix/Affix')), meta: { title: '附件凭证' } },
      {
        path: 'affixDetail/:belongdate/:companyid',
        page: lazyPage(() => import('@/pages/affix/AffixDetail')),
        meta: { title: '凭证详情', hidden: true },
      },
    ],
  },
  {
    path: '/message',
    redirect: '/message/warn',
    meta: { ...builder, title: '消息中心', icon: 'message', noProject: true },
    children: [
      { path: 'warn', page: lazyPage(() => import('@/pages/warning/Warnings')), meta: { title: '预警信息' } },
      {
        path: 'announcement',
        page: lazyPage(() => import('@/pages/notice/Announcement')),
        meta: { title: '通知公告', clerkOnly: true },
      },
      { path: 'system', page: lazyPage(() => import('@/pages/message/System')), meta: { title: '系统消息' } },
    ],
  },
  {
    path: '/report',
    redirect: '/report/people',
    meta: { ...builder, title: '统计报表', icon: 'report', noProject: true },
    children: [
      { path: 'people', page: lazyPage(() => import('@/pages/report/People')), meta: { title: '用工结构' } },
      { path: 'attendance', page: lazyPage(() => import('@/pages/report/Attendance')), meta: { title: '考勤统计' } },
      { path: 'wage', page: lazyPage(() => import('@/pages/report/Wage')), meta: { title: '工资统计' } },
    ],
  },
  {
    path: '/system',
    redirect: '/system/collection',
    meta: { ...builder, title: '系统设置', icon: 'setting' },
    children: [
      { path: 'collection', page: lazyPage(() => import('@/pages/attendance/Rules')), meta: { title: '考勤采集' } },
      { path: 'idmsg', page: lazyPage(() => import('@/pages/worker/IdSupplement')), meta: { title: '身份证补录' } },
      { path: 'attendant', page: lazyPage(() => import('@/pages/attendance/Terminals')), meta: { title: '考勤设备', noProject: true } },
      { path: 'machine', page: lazyPage(() => import('@/pages/attendance/Readers')), meta: { title: '身份证阅读器' } },
      { path: 'platform', page: lazyPage(() => import('@/pages/platform/Feed')), meta: { title: '数据上报' } },
      {
        path: 'tvscreen',
        page: lazyPage(() => import('@/pages/screen/DataScreen')),
        meta: { title: '数据大屏', fullScreen: true, noProject: true, approvedProject: true },
      },
      { path: 'password', page: lazyPage(() => import('@/pages/auth/Password')), meta: { title: '修改密码', noProject: true } },
      {
        path: 'propertyRole',
        page: lazyPage(() => import('@/pages/property/PropertyRole')),
        meta: { title: '财务角色配置', financeFeature: true },
      },
      {
        path: 'contract',
        page: lazyPage(() => import('@/pages/contract/ContractTemplates')),
        meta: { title: '电子合同模板', hidden: true },
      },
      {
        path: 'contractPrint',
        page: lazyPage(() => import('@/pages/contract/ContractPrint')),
        meta: { title: '合同打印', hidden: true, noCache: true },
      },
      { path: 'digital', page: lazyPage(() => import('@/pages/backup/DataExport')), meta: { title: '数据导出备份' } },
    ],
  },
  {
    path: '/remunerationClues',
    redirect: '/remunerationClues/feedbackManagement',
    meta: { ...builder, title: '欠薪线索', icon: 'lead', noProject: true, clerkOnly: true },
    children: [
      {
        path: 'feedbackManagement',
        page: lazyPage(() => import('@/pages/clue/FeedbackList')),
        meta: { title: '线索反馈管理' },
      },
      {
        path: 'feedbackDetail',
        page: lazyPage(() => import('@/pages/clue/FeedbackDetail')),
        meta: { title: '线索详情', hidden: true, noCache: true },
      },
    ],
  },
];

/** The finance shell (tab index 2). */
export const financeRoutes: AppRoute[] = [
  { path: '/', redirect: '/order/index', meta: finance },
  {
    path: '/order',
    redirect: '/order/index',
    meta: finance,
    children: [
      {
        path: 'index',
        page: lazyPage(() => import('@/pages/finance/OrderIndex')),
        meta: { title: '审批工单', icon: 'order', affix: true },
      },
      {
        path: 'detail',
        page: lazyPage(() => import('@/pages/finance/OrderDetail')),
        meta: { title: '工单详情', hidden: true, noCache: true },
      },
    ],
  },
  {
    path: '/history',
    redirect: '/history/index',
    meta: finance,
    children: [
      {
        path: 'index',
        page: lazyPage(() => import('@/pages/finance/HistoryIndex')),
        meta: { title: '审批历史', icon: 'history' },
      },
      {
        path: 'detail',
        page: lazyPage(() => import('@/pages/finance/HistoryDetail')),
        meta: { title: '审批详情', hidden: true, noCache: true },
      },
    ],
  },
  {
    path: '/record',
    redirect: '/record/index',
    meta: finance,
    children: [
      {
        path: 'index',
        page: lazyPage(() => import('@/pages/finance/RecordIndex')),
        meta: { title: '操作记录', icon: 'record' },
      },
    ],
  },
  {
    path: '/message',
    redirect: '/message/index',
    meta: finance,
    children: [
      {
        path: 'index',
        page: lazyPage(() => import('@/pages/message/System')),
        meta: { title: '消息', hidden: true },
      },
    ],
  },
  {
    path: '/personalCenter',
    redirect: '/personalCenter/index',
    meta: finance,
    children: [
      {
        path: 'index',
        page: lazyPage(() => import('@/pages/property/PersonalCenter')),
        meta: { title: '个人中心', icon: 'user' },
      },
    ],
  },
];

export const routesFor = (side: Side): AppRoute[] => (side === 'finance' ? financeRoutes : normalRoutes);

/**
 * The worker's own pages (issue 31): phone first, each in the one phone layout (layout/WorkerLayout), never in
 * the console's shell; his own session (store/workerSession), so the console's guard lets `/w` through and
 * the layout sends him to `/w/login` without one. `/w?project=<id>` names a project (a QR code on the site's
 * board), kept through the login.
 */
export const workerRoutes: AppRoute[] = [
  {
    path: '/w/login',
    page: lazyPage(() => import('@/pages/auth/mine/WorkerLogin')),
    meta: { title: '工人登录', noSession: true },
  },
  { path: '/w', page: lazyPage(() => import('@/pages/worker/mine/MyHome')), meta: { title: '我的信息', tab: '我的' } },
  {
    path: '/w/attendance',
    page: lazyPage(() => import('@/pages/attendance/mine/MyAttendance')),
    meta: { title: '我的考勤', tab: '考勤' },
  },
  { path: '/w/wages', page: lazyPage(() => import('@/pages/wage/mine/MyWages')), meta: { title: '我的工资', tab: '工资' } },
  { path: '/w/wages/:id', page: lazyPage(() => import('@/pages/wage/mine/PaySlip')), meta: { title: '工资条' } },
  // The site's board opens without a login when the project is given (the QR code on the printed board).
  {
    path: '/w/board',
    page: lazyPage(() => import('@/pages/project/mine/Board')),
    meta: { title: '维权信息告示牌', noSession: true },
  },
  { path: '/w/report', page: lazyPage(() => import('@/pages/clue/mine/Report')), meta: { title: '反映欠薪' } },
  { path: '/w/leads', page: lazyPage(() => import('@/pages/clue/mine/Leads')), meta: { title: '我的欠薪线索' } },
];
