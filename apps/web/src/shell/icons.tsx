/**
 * Menu icon names sent by the server (`meta.icon`, antd's kebab-case names such as `bar-chart`,
 * see the permission catalogue in packages/contracts) → @ant-design/icons components. Only these
 * icons are bundled (the whole icon set would add megabytes); an unknown name gets a neutral icon.
 * Add a line here when the catalogue uses a new icon.
 */
import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  BuildOutlined,
  CalculatorOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  CodeOutlined,
  ContactsOutlined,
  CrownOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EyeOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  GlobalOutlined,
  IdcardOutlined,
  LockOutlined,
  LoginOutlined,
  MessageOutlined,
  MonitorOutlined,
  NumberOutlined,
  OrderedListOutlined,
  PayCircleOutlined,
  ProfileOutlined,
  ReadOutlined,
  ReconciliationOutlined,
  SafetyOutlined,
  SearchOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ShopOutlined,
  SolutionOutlined,
  StopOutlined,
  TeamOutlined,
  ToolOutlined,
  TransactionOutlined,
  UnorderedListOutlined,
  UserDeleteOutlined,
  UserOutlined,
  UsergroupAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';

const ICONS: Record<string, () => ReactNode> = {
  audit: () => <AuditOutlined />,
  bank: () => <BankOutlined />,
  'bar-chart': () => <BarChartOutlined />,
  bell: () => <BellOutlined />,
  build: () => <BuildOutlined />,
  calculator: () => <CalculatorOutlined />,
  calendar: () => <CalendarOutlined />,
  'clock-circle': () => <ClockCircleOutlined />,
  code: () => <CodeOutlined />,
  contacts: () => <ContactsOutlined />,
  crown: () => <CrownOutlined />,
  dashboard: () => <DashboardOutlined />,
  database: () => <DatabaseOutlined />,
  eye: () => <EyeOutlined />,
  'file-search': () => <FileSearchOutlined />,
  'file-text': () => <FileTextOutlined />,
  form: () => <FormOutlined />,
  global: () => <GlobalOutlined />,
  idcard: () => <IdcardOutlined />,
  lock: () => <LockOutlined />,
  login: () => <LoginOutlined />,
  message: () => <MessageOutlined />,
  monitor: () => <MonitorOutlined />,
  number: () => <NumberOutlined />,
  'ordered-list': () => <OrderedListOutlined />,
  'pay-circle': () => <PayCircleOutlined />,
  profile: () => <ProfileOutlined />,
  read: () => <ReadOutlined />,
  reconciliation: () => <ReconciliationOutlined />,
  safety: () => <SafetyOutlined />,
  search: () => <SearchOutlined />,
  setting: () => <SettingOutlined />,
  'share-alt': () => <ShareAltOutlined />,
  shop: () => <ShopOutlined />,
  solution: () => <SolutionOutlined />,
  stop: () => <StopOutlined />,
  team: () => <TeamOutlined />,
  tool: () => <ToolOutlined />,
  transaction: () => <TransactionOutlined />,
  'unordered-list': () => <UnorderedListOutlined />,
  user: () => <UserOutlined />,
  'user-delete': () => <UserDeleteOutlined />,
  'usergroup-add': () => <UsergroupAddOutlined />,
  wallet: () => <WalletOutlined />,
};

/** Also accepts `BarChartOutlined` / `barChart` spellings of the same names. */
const normalise = (name: string) =>
  name
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase();

export const KNOWN_ICONS = Object.keys(ICONS);

export function menuIcon(name: string | undefined): ReactNode {
  if (!name) return undefined;
  const make = ICONS[normalise(name)];
  return make ? make() : <AppstoreOutlined />;
}
