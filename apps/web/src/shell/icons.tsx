/**
 * Menu icon names sent by the server (`meta.icon`, antd's kebab-case names such as `bar-chart`,
 * see the permission catalogue in packages/contracts) → @ant-design/icons components. Only these
 * icons are bundled (the whole icon set would add megabytes); an unknown name gets a neutral icon.
 * Add a line here when the catalogue uses a new icon. The icons are decorative (the text says it
 * all), so they are hidden from screen readers.
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
  PhoneOutlined,
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
  UploadOutlined,
  UnorderedListOutlined,
  UserDeleteOutlined,
  UserOutlined,
  UsergroupAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';

const ICONS: Record<string, () => ReactNode> = {
  audit: () => <AuditOutlined aria-hidden />,
  bank: () => <BankOutlined aria-hidden />,
  'bar-chart': () => <BarChartOutlined aria-hidden />,
  bell: () => <BellOutlined aria-hidden />,
  build: () => <BuildOutlined aria-hidden />,
  calculator: () => <CalculatorOutlined aria-hidden />,
  calendar: () => <CalendarOutlined aria-hidden />,
  'clock-circle': () => <ClockCircleOutlined aria-hidden />,
  code: () => <CodeOutlined aria-hidden />,
  contacts: () => <ContactsOutlined aria-hidden />,
  crown: () => <CrownOutlined aria-hidden />,
  dashboard: () => <DashboardOutlined aria-hidden />,
  database: () => <DatabaseOutlined aria-hidden />,
  eye: () => <EyeOutlined aria-hidden />,
  'file-search': () => <FileSearchOutlined aria-hidden />,
  'file-text': () => <FileTextOutlined aria-hidden />,
  form: () => <FormOutlined aria-hidden />,
  global: () => <GlobalOutlined aria-hidden />,
  idcard: () => <IdcardOutlined aria-hidden />,
  lock: () => <LockOutlined aria-hidden />,
  login: () => <LoginOutlined aria-hidden />,
  message: () => <MessageOutlined aria-hidden />,
  monitor: () => <MonitorOutlined aria-hidden />,
  number: () => <NumberOutlined aria-hidden />,
  'ordered-list': () => <OrderedListOutlined aria-hidden />,
  'pay-circle': () => <PayCircleOutlined aria-hidden />,
  phone: () => <PhoneOutlined aria-hidden />,
  profile: () => <ProfileOutlined aria-hidden />,
  read: () => <ReadOutlined aria-hidden />,
  reconciliation: () => <ReconciliationOutlined aria-hidden />,
  safety: () => <SafetyOutlined aria-hidden />,
  search: () => <SearchOutlined aria-hidden />,
  setting: () => <SettingOutlined aria-hidden />,
  'share-alt': () => <ShareAltOutlined aria-hidden />,
  shop: () => <ShopOutlined aria-hidden />,
  solution: () => <SolutionOutlined aria-hidden />,
  stop: () => <StopOutlined aria-hidden />,
  team: () => <TeamOutlined aria-hidden />,
  tool: () => <ToolOutlined aria-hidden />,
  transaction: () => <TransactionOutlined aria-hidden />,
  'unordered-list': () => <UnorderedListOutlined aria-hidden />,
  upload: () => <UploadOutlined aria-hidden />,
  user: () => <UserOutlined aria-hidden />,
  'user-delete': () => <UserDeleteOutlined aria-hidden />,
  'usergroup-add': () => <UsergroupAddOutlined aria-hidden />,
  wallet: () => <WalletOutlined aria-hidden />,
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
  return make ? make() : <AppstoreOutlined aria-hidden />;
}
